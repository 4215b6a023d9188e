import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getSecuritySettings, setRequireMfa } from "@/server/two-factor/require-mfa";
import { securitySettingsUpdateInput } from "@/schemas/two-factor";

// Every member may read whether two-factor is required of them (the dashboard asks them to enrol).
export const GET = apiRoute({ auth: "jwt" }, ({ auth }) => getSecuritySettings(getDb(), auth.organizationId));

export const PATCH = apiRoute(
  { auth: "jwt", allow: "security.manage", body: securitySettingsUpdateInput },
  ({ auth, body, actor }) =>
    setRequireMfa(getDb(), auth.organizationId, { userId: auth.userId, role: auth.role }, body.requireMfa, actor),
);
