import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { rotateRefreshToken } from "@/server/auth/refresh-tokens";
import { refreshInput } from "@/schemas/auth";

export const POST = apiRoute({ auth: "none", body: refreshInput }, ({ body, origin }) =>
  rotateRefreshToken(getDb(), body.refreshToken, origin),
);
