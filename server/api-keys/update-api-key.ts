import type { Db } from "../db/client";
import { updateApiKeyInput, type UpdateApiKeyInput } from "@/schemas/api-keys";
import { getApiKeyOrThrow } from "./get-api-key-or-throw";
import { afterKeyChange } from "./key-changes";
import { toApiKeyView } from "./to-view";

/** PATCH: name, description, permissions, ipRestrictions. Environment and secret never change here. */
export async function updateApiKey(db: Db, organizationId: string, keyId: string, input: UpdateApiKeyInput) {
  const data = updateApiKeyInput.parse(input);
  const row = await db.$transaction(async (tx) => {
    await getApiKeyOrThrow(tx, organizationId, keyId);
    const updated = await tx.apiKey.update({ where: { id: keyId }, data });
    return updated;
  });
  afterKeyChange(keyId);
  return toApiKeyView(row);
}

export async function setApiKeyActive(db: Db, organizationId: string, keyId: string, isActive: boolean) {
  const row = await db.$transaction(async (tx) => {
    await getApiKeyOrThrow(tx, organizationId, keyId);
    const updated = await tx.apiKey.update({ where: { id: keyId }, data: { isActive } });
    return updated;
  });
  afterKeyChange(keyId);
  return toApiKeyView(row);
}

export async function deleteApiKey(db: Db, organizationId: string, keyId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await getApiKeyOrThrow(tx, organizationId, keyId);
    await tx.apiKey.delete({ where: { id: keyId } });
  });
  afterKeyChange(keyId);
}
