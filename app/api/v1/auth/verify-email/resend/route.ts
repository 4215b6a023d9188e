import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { resendVerification } from "@/server/accounts/verification";

export const POST = apiRoute({ auth: "jwt", status: 202 }, async ({ auth, origin }) => {
  await resendVerification(getDb(), auth.userId, origin);
  return {};
});
