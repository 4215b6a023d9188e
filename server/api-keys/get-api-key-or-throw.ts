import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";

/** Another organization's key answers exactly like a missing one (contract: never reveal existence). */
export async function getApiKeyOrThrow(db: DbOrTx, organizationId: string, keyId: string) {
  const key = await db.apiKey.findFirst({ where: { id: keyId, organizationId } });
  if (!key) throw new AppError("not_found", "No API key with that id.");
  return key;
}
