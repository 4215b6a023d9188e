import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { confirmPasswordReset } from "@/server/accounts/password-reset";
import { passwordResetConfirmInput } from "@/schemas/accounts";

export const POST = apiRoute({ auth: "none", body: passwordResetConfirmInput }, async ({ body, origin }) => {
  await confirmPasswordReset(getDb(), body, origin);
});
