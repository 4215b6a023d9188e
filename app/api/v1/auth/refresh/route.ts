import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { clientIp } from "@/server/http/client-ip";
import { isCredentialRefusal, throttleCredentialAttempt } from "@/server/auth/login-throttle";
import { rotateRefreshToken } from "@/server/auth/refresh-tokens";
import { refreshInput } from "@/schemas/auth";

// A refresh token names no account until it is found, so its failures count per client IP only.
export const POST = apiRoute({ auth: "none", body: refreshInput }, ({ req, body, origin }) =>
  throttleCredentialAttempt(
    { ip: clientIp(req) },
    () => rotateRefreshToken(getDb(), body.refreshToken, origin),
    isCredentialRefusal,
  ),
);
