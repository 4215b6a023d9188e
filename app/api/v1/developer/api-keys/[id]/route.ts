import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getApiKeyOrThrow } from "@/server/api-keys/get-api-key-or-throw";
import { toApiKeyView } from "@/server/api-keys/to-view";
import { deleteApiKey, updateApiKey } from "@/server/api-keys/update-api-key";
import { updateApiKeyInput } from "@/schemas/api-keys";

export const GET = apiRoute({ auth: "jwt", allow: "apiKeys.read", rateLimit: "apiKeys" }, async ({ auth, params }) =>
  toApiKeyView(await getApiKeyOrThrow(getDb(), auth.organizationId, params.id!)),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys", body: updateApiKeyInput },
  ({ auth, params, body, actor }) => updateApiKey(getDb(), auth.organizationId, params.id!, body, actor),
);

export const DELETE = apiRoute(
  { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys" },
  async ({ auth, params, actor }) => {
    await deleteApiKey(getDb(), auth.organizationId, params.id!, actor);
  },
);
