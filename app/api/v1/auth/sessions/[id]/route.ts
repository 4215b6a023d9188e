import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { revokeSessionById } from "@/server/accounts/sessions";

export const DELETE = apiRoute({ auth: "jwt", allowUnenrolled: true }, async ({ auth, params, actor }) => {
  await revokeSessionById(getDb(), auth.userId, params.id!, actor);
});
