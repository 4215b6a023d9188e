import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { createAlert, listAlerts } from "@/server/alerts/manage";
import { createAlertInput } from "@/schemas/alerts";

export const GET = apiRoute({ auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks" }, ({ auth }) =>
  listAlerts(getDb(), auth.organizationId),
);

export const POST = apiRoute(
  { auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks", body: createAlertInput, status: 201 },
  ({ auth, body }) => createAlert(getDb(), auth.organizationId, body),
);
