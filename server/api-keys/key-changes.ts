import type { DbOrTx } from "../db/client";
import { keyCache } from "./key-cache";

export const KEY_CHANGE_CHANNEL = "sg_api_key_changed";

/**
 * Call inside the transaction that changes or removes a key. PostgreSQL delivers the NOTIFY to
 * every instance's listener at commit (and drops it on rollback); the local cache is cleared
 * after commit by `afterKeyChange`.
 */
export async function announceKeyChange(db: DbOrTx, keyId: string): Promise<void> {
  await db.$executeRaw`SELECT pg_notify(${KEY_CHANGE_CHANNEL}, ${keyId})`;
}

export function afterKeyChange(keyId: string): void {
  keyCache.invalidate(keyId);
}
