import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { changePassword } from "@/server/accounts/change-password";
import { changePasswordInput } from "@/schemas/accounts";

export const POST = apiRoute({ auth: "jwt", body: changePasswordInput }, async ({ auth, body, origin }) => {
  await changePassword(getDb(), auth.userId, body, { familyId: auth.sessionId }, origin);
});
