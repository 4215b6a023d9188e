import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getUsage } from "@/server/billing/get-usage";
import { usageQuery } from "@/schemas/usage";

export const GET = apiRoute({ auth: "jwt", allow: "billing.read", query: usageQuery }, ({ auth, query }) =>
  getUsage(getDb(), auth.organizationId, query),
);
