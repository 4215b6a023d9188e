import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { createInvitation } from "@/server/invitations/create-invitation";
import { listInvitations } from "@/server/invitations/manage-invitations";
import { createInvitationInput } from "@/schemas/accounts";

// Contract §14: owners and admins invite and see pending invitations; developer and support get 403.
export const GET = apiRoute({ auth: "jwt", allow: "members.manage" }, ({ auth }) =>
  listInvitations(getDb(), auth.organizationId),
);

export const POST = apiRoute(
  { auth: "jwt", allow: "members.manage", body: createInvitationInput, status: 201 },
  async ({ auth, body, actor }) =>
    (await createInvitation(getDb(), auth.organizationId, body, auth.role, actor)).invitation,
);
