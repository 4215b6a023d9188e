import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getBilling } from "@/server/billing/get-billing";
import { updateBilling } from "@/server/billing/update-billing";
import { updateBillingInput } from "@/schemas/billing";

export const GET = apiRoute({ auth: "jwt", allow: "billing.read" }, ({ auth }) =>
  getBilling(getDb(), auth.organizationId),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "billing.manage", body: updateBillingInput },
  ({ auth, body, actor }) => updateBilling(getDb(), auth.organizationId, body, actor),
);
