import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { requestPasswordReset } from "@/server/accounts/password-reset";
import { passwordResetRequestInput } from "@/schemas/accounts";

export const POST = apiRoute(
  { auth: "none", body: passwordResetRequestInput, status: 202 },
  async ({ body, origin }) => {
    await requestPasswordReset(getDb(), body.email, origin);
    return {};
  },
);
