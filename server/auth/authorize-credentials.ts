import { CredentialsSignin } from "next-auth";
import { getDb } from "../db/client";
import { clientIp } from "../http/client-ip";
import { signInInput } from "@/schemas/auth";
import { LoginThrottled, throttleCredentialAttempt } from "./login-throttle";
import { verifyCredentials } from "./verify-credentials";
import { checkSecondFactor, hasTwoFactor } from "../two-factor/second-factor";
import { recordRecoveryUse } from "../two-factor/sign-in-step";

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

/** The password was right and the account has two-factor on: the form asks for a code. */
export class SignInMfaRequired extends CredentialsSignin {
  override code = "mfa_required";
}

/** next-auth's `authorize` for the credentials provider: the same checks and limits as /auth/token. */
export async function authorizeCredentials(raw: unknown, request: Request) {
  const parsed = signInInput.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password, totpCode, recoveryCode } = parsed.data;
  try {
    return await throttleCredentialAttempt(
      { email, ip: clientIp(request) },
      async () => {
        const user = await verifyCredentials(getDb(), email, password);
        if (!user || !(await hasTwoFactor(getDb(), user.id))) return user;
        // Second step (contract §12): a wrong code is a failed attempt like a wrong password.
        const result = await checkSecondFactor(getDb(), user.id, {
          totpCode: totpCode || undefined,
          recoveryCode: recoveryCode || undefined,
        });
        if (result === "missing") throw new SignInMfaRequired();
        if (result === "rejected") return null;
        if (result === "accepted_recovery") {
          await recordRecoveryUse(
            getDb(),
            user.id,
            { ip: clientIp(request), userAgent: request.headers.get("user-agent") },
            "dashboard",
          );
        }
        return user;
      },
      (outcome) => "value" in outcome && outcome.value === null,
    );
  } catch (err) {
    if (err instanceof LoginThrottled) throw new SignInThrottled(err.retryAfterSeconds);
    throw err;
  }
}
