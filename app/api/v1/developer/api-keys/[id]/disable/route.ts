import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";

export const POST = apiRoute(
  { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys" },
  ({ auth, params, actor }) => setApiKeyActive(getDb(), auth.organizationId, params.id!, false, actor),
);
