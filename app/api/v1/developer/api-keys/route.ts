import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { createApiKey } from "@/server/api-keys/create-api-key";
import { listApiKeys } from "@/server/api-keys/list-api-keys";
import { createApiKeyInput } from "@/schemas/api-keys";

export const GET = apiRoute({ auth: "jwt", allow: "apiKeys.read", rateLimit: "apiKeys" }, ({ auth }) =>
  listApiKeys(getDb(), auth.organizationId),
);

export const POST = apiRoute(
  { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys", body: createApiKeyInput, status: 201 },
  ({ auth, body, actor }) => createApiKey(getDb(), auth.organizationId, body, actor),
);
