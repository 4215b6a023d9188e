import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getInboundSettings, updateInboundSettings } from "@/server/inbound/settings";
import { updateInboundSettingsInput } from "@/schemas/inbound";

export const GET = apiRoute({ auth: "jwt", allow: "inbound.read" }, ({ auth }) =>
  getInboundSettings(getDb(), auth.organizationId),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "inbound.manage", body: updateInboundSettingsInput },
  ({ auth, body, actor }) => updateInboundSettings(getDb(), auth.organizationId, body, actor),
);
