/**
 * What a credential change concerns: an API key, every credential of a user, or every member of
 * an organization (its two-factor requirement).
 */
export type CredentialChange = { keyId: string } | { userId: string } | { organizationId: string };

type Listener = (change: CredentialChange) => void;

// On globalThis: Next may load this module in more than one bundle, and a change made in one must
// reach listeners registered from another.
const holder = globalThis as typeof globalThis & { __signalgateCredentialListeners?: Set<Listener> };
const listeners = (holder.__signalgateCredentialListeners ??= new Set());

/**
 * Call after the transaction that revoked or narrowed a credential has committed (a key changed,
 * disabled, regenerated or deleted; a session ended; a password changed; a member removed or their
 * role changed; a two-factor requirement switched on), so what holds the credential open in this
 * process (event streams) checks it again now rather than at its next periodic check. Other
 * processes notice at theirs. Listeners never throw into the caller.
 */
export function credentialChanged(change: CredentialChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // A listener's failure is its own; the change itself has committed.
    }
  }
}

/** Registers a listener (the event streams' guard); answers the function that removes it. */
export function onCredentialChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
