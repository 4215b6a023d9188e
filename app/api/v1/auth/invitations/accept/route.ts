import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { authenticateUser } from "@/server/http/authenticate";
import { acceptInvitation } from "@/server/invitations/accept-invitation";
import { acceptInvitationInput } from "@/schemas/accounts";

// A new person has no credential yet; an existing account sends its access token (contract §14).
export const POST = apiRoute({ auth: "none", body: acceptInvitationInput }, async ({ req, body, origin }) => {
  const caller = req.headers.has("authorization") ? await authenticateUser(req) : null;
  const accepted = await acceptInvitation(getDb(), body, caller, origin);
  return { organization: accepted.organization, role: accepted.role };
});
