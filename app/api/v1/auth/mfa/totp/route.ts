import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { disableTotp, startTotpEnrollment } from "@/server/two-factor/enrollment";
import { mfaCodeInput } from "@/schemas/two-factor";

// contract §12: the caller's own authenticator, whatever their role; starting it is open to a
// member whose organization holds them back until they enrol.
export const POST = apiRoute({ auth: "jwt", allowUnenrolled: true }, ({ auth }) =>
  startTotpEnrollment(getDb(), auth.userId),
);

export const DELETE = apiRoute({ auth: "jwt", body: mfaCodeInput }, async ({ auth, body, actor }) => {
  await disableTotp(getDb(), auth.userId, body.code, actor);
});
