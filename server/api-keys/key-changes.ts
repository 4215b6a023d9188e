import { getDriver } from "../db/client";
import { keyCache } from "./key-cache";

/**
 * Call after the transaction that changed or removed a key has committed. Only the embedded
 * database caches keys (one process owns it, so dropping the entry here is exact); on PostgreSQL
 * every request reads the key row, so a change is seen by every instance on its next request.
 */
export function afterKeyChange(keyId: string): void {
  if (getDriver().kind === "pglite") keyCache.invalidate(keyId);
}
