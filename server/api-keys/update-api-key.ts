import type { Db } from "../db/client";
import { updateApiKeyInput, type UpdateApiKeyInput } from "@/schemas/api-keys";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { getApiKeyOrThrow } from "./get-api-key-or-throw";
import { afterKeyChange } from "./key-changes";
import { toApiKeyView } from "./to-view";

/** PATCH: name, description, permissions, ipRestrictions. Environment and secret never change here. */
export async function updateApiKey(
  db: Db,
  organizationId: string,
  keyId: string,
  input: UpdateApiKeyInput,
  actor: AuditActor,
) {
  const data = updateApiKeyInput.parse(input);
  const row = await db.$transaction(async (tx) => {
    const before = await getApiKeyOrThrow(tx, organizationId, keyId);
    const updated = await tx.apiKey.update({ where: { organizationId_id: { organizationId, id: keyId } }, data });
    await recordAudit(tx, organizationId, actor, {
      action: "apiKey.updated",
      resourceType: "apiKey",
      resourceId: keyId,
      changes: diffChanges("apiKey", before, updated),
    });
    return updated;
  });
  afterKeyChange(keyId);
  return toApiKeyView(row);
}

export async function setApiKeyActive(
  db: Db,
  organizationId: string,
  keyId: string,
  isActive: boolean,
  actor: AuditActor,
) {
  const row = await db.$transaction(async (tx) => {
    const before = await getApiKeyOrThrow(tx, organizationId, keyId);
    const updated = await tx.apiKey.update({
      where: { organizationId_id: { organizationId, id: keyId } },
      data: { isActive },
    });
    await recordAudit(tx, organizationId, actor, {
      action: isActive ? "apiKey.enabled" : "apiKey.disabled",
      resourceType: "apiKey",
      resourceId: keyId,
      changes: diffChanges("apiKey", before, updated),
    });
    return updated;
  });
  afterKeyChange(keyId);
  return toApiKeyView(row);
}

export async function deleteApiKey(db: Db, organizationId: string, keyId: string, actor: AuditActor): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await getApiKeyOrThrow(tx, organizationId, keyId);
    await tx.apiKey.delete({ where: { organizationId_id: { organizationId, id: keyId } } });
    await recordAudit(tx, organizationId, actor, {
      action: "apiKey.deleted",
      resourceType: "apiKey",
      resourceId: keyId,
      changes: diffChanges("apiKey", before, null),
    });
  });
  afterKeyChange(keyId);
}
