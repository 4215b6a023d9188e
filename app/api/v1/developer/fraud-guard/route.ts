import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getFraudGuardSettings, updateFraudGuardSettings } from "@/server/fraud/settings";
import { fraudGuardUpdateInput } from "@/schemas/fraud-guard";

export const GET = apiRoute({ auth: "jwt", allow: "fraudGuard.read" }, ({ auth }) =>
  getFraudGuardSettings(getDb(), auth.organizationId),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "fraudGuard.manage", body: fraudGuardUpdateInput },
  ({ auth, body, actor }) => updateFraudGuardSettings(getDb(), auth.organizationId, body, actor),
);
