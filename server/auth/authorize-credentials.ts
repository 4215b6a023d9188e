import { CredentialsSignin } from "next-auth";
import { getDb } from "../db/client";
import { clientIp } from "../http/client-ip";
import { signInInput } from "@/schemas/auth";
import { LoginThrottled, throttleCredentialAttempt } from "./login-throttle";
import { verifyCredentials } from "./verify-credentials";

/**
 * The dashboard sign-in was refused by the brute-force limits. A CredentialsSignin, so Auth.js
 * hands it to the sign-in server action as it is (which tells the user when to retry) and the
 * auth logger treats it like a wrong password rather than a fault.
 */
export class SignInThrottled extends CredentialsSignin {
  override code = "rate_limited";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super();
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** next-auth's `authorize` for the credentials provider: the same checks and limits as /auth/token. */
export async function authorizeCredentials(raw: unknown, request: Request) {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  try {
    return await throttleCredentialAttempt(
      { email, ip: clientIp(request) },
      () => verifyCredentials(getDb(), email, password),
      (outcome) => "value" in outcome && outcome.value === null,
    );
  } catch (err) {
    if (err instanceof LoginThrottled) throw new SignInThrottled(err.retryAfterSeconds);
    throw err;
  }
}
