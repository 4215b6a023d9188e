import { credentialChanged } from "../auth/credential-changes";
import { keyCache } from "./key-cache";

/**
 * Call after the transaction that changed or removed a key has committed: this process drops its
 * cached entry now; other instances notice the new row version on the key's next request (the
 * rate limiter's call checks it). Event streams open with the key check it again at once.
 */
export function afterKeyChange(keyId: string): void {
  keyCache.invalidate(keyId);
  credentialChanged({ keyId });
}
