import { apiKeySchema, type ApiKeyView } from "@/schemas/api-keys";
import type { ApiKey } from "../db/generated/client";

/** Shape a row for any client; parsing through the schema drops the hash and internal columns. */
export function toApiKeyView(row: ApiKey): ApiKeyView {
  return apiKeySchema.parse({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  });
}
