import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/server/http/client-ip";
import { issueTokens } from "@/server/auth/issue-tokens";
import { isCredentialRefusal, throttleCredentialAttempt } from "@/server/auth/login-throttle";
import { tokenInput } from "@/schemas/auth";

export const POST = apiRoute({ auth: "none", body: tokenInput }, ({ req, body, origin }) =>
  throttleCredentialAttempt(
    { email: body.email, ip: clientIp(req) },
    () => issueTokens(getDb(), body, origin),
    isCredentialRefusal,
  ),
);
