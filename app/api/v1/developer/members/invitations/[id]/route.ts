import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { revokeInvitation } from "@/server/invitations/manage-invitations";

export const DELETE = apiRoute({ auth: "jwt", allow: "members.manage" }, async ({ auth, params, actor }) => {
  await revokeInvitation(getDb(), auth.organizationId, params.id!, auth.role, actor);
});
