import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { confirmTotpEnrollment } from "@/server/two-factor/enrollment";
import { mfaCodeInput } from "@/schemas/two-factor";

export const POST = apiRoute({ auth: "jwt", allowUnenrolled: true, body: mfaCodeInput }, ({ auth, body, actor }) =>
  confirmTotpEnrollment(getDb(), auth.userId, body.code, actor),
);
