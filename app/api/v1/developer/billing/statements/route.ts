import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { listStatements } from "@/server/billing/statements";

export const GET = apiRoute({ auth: "jwt", allow: "billing.read" }, ({ auth }) =>
  listStatements(getDb(), auth.organizationId),
);
