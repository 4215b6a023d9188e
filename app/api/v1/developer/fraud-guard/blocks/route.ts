import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { listFraudBlocks } from "@/server/fraud/blocks";
import { fraudBlockListQuery } from "@/schemas/fraud-guard";

export const GET = apiRoute({ auth: "jwt", allow: "fraudGuard.read", query: fraudBlockListQuery }, ({ auth, query }) =>
  listFraudBlocks(getDb(), auth.organizationId, query),
);
