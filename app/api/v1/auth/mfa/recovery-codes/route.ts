import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { regenerateRecoveryCodes } from "@/server/two-factor/enrollment";
import { mfaCodeInput } from "@/schemas/two-factor";

export const POST = apiRoute({ auth: "jwt", body: mfaCodeInput }, ({ auth, body, actor }) =>
  regenerateRecoveryCodes(getDb(), auth.userId, body.code, actor),
);
