import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { deleteAlert, getAlert, updateAlert } from "@/server/alerts/manage";
import { updateAlertInput } from "@/schemas/alerts";

export const GET = apiRoute({ auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks" }, ({ auth, params }) =>
  getAlert(getDb(), auth.organizationId, params.id!),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks", body: updateAlertInput },
  ({ auth, params, body }) => updateAlert(getDb(), auth.organizationId, params.id!, body),
);

export const DELETE = apiRoute(
  { auth: "jwt", allow: "alerts.manage", rateLimit: "webhooks" },
  async ({ auth, params }) => {
    await deleteAlert(getDb(), auth.organizationId, params.id!);
  },
);
