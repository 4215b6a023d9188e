import type { Db } from "../db/client";
import { regeneratedApiKeySchema } from "@/schemas/api-keys";
import { getApiKeyOrThrow } from "./get-api-key-or-throw";
import { afterKeyChange } from "./key-changes";
import { generateKeySecret } from "./key-secret";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";

/** New secret, same id, name and configuration; the old secret stops working at commit. */
export async function regenerateApiKey(db: Db, organizationId: string, keyId: string, actor: AuditActor) {
  const row = await db.$transaction(async (tx) => {
    const key = await getApiKeyOrThrow(tx, organizationId, keyId);
    const secret = generateKeySecret(key.environment);
    const updated = await tx.apiKey.update({
      where: { organizationId_id: { organizationId, id: keyId } },
      data: { keyHash: secret.hash, keyPrefix: secret.prefix },
    });
    await recordAudit(tx, organizationId, actor, {
      action: "apiKey.regenerated",
      resourceType: "apiKey",
      resourceId: keyId,
      changes: diffChanges("apiKey", key, updated, { secretChanged: true }),
    });
    return { ...updated, rawKey: secret.raw };
  });
  afterKeyChange(keyId);
  return regeneratedApiKeySchema.parse(row);
}
