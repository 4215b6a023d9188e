import type { Db } from "../db/client";
import { regeneratedApiKeySchema } from "@/schemas/api-keys";
import { getApiKeyOrThrow } from "./get-api-key-or-throw";
import { afterKeyChange } from "./key-changes";
import { generateKeySecret } from "./key-secret";

/** New secret, same id, name and configuration; the old secret stops working at commit. */
export async function regenerateApiKey(db: Db, organizationId: string, keyId: string) {
  const row = await db.$transaction(async (tx) => {
    const key = await getApiKeyOrThrow(tx, organizationId, keyId);
    const secret = generateKeySecret(key.environment);
    const updated = await tx.apiKey.update({
      where: { id: keyId },
      data: { keyHash: secret.hash, keyPrefix: secret.prefix },
    });
    return { ...updated, rawKey: secret.raw };
  });
  afterKeyChange(keyId);
  return regeneratedApiKeySchema.parse(row);
}
