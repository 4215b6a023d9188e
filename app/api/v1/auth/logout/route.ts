import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { revokeSession } from "@/server/auth/refresh-tokens";
import { refreshInput } from "@/schemas/auth";

export const POST = apiRoute({ auth: "none", body: refreshInput }, async ({ body }) => {
  await revokeSession(getDb(), body.refreshToken);
});
