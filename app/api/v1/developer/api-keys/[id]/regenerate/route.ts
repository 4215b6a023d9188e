import { getDb } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { apiRoute } from "@/server/http/api-route";
import { regenerateApiKey } from "@/server/api-keys/regenerate-api-key";
import { regenerateApiKeyInput } from "@/schemas/api-keys";

export const POST = apiRoute(
  { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys", body: regenerateApiKeyInput },
  ({ auth, params, body, actor }) => {
    if (body.id !== undefined && body.id !== params.id) {
      throw new AppError("invalid_request", "The body's id must match the key id in the path.", {
        details: [{ path: "id", message: "Does not match the path." }],
      });
    }
    return regenerateApiKey(getDb(), auth.organizationId, params.id!, actor);
  },
);
