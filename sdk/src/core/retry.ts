/**
 * The wait before retry number `attempt` (counted from 0) after a 429, as messaging-api.md §7 says:
 * Retry-After × 1000 × 2^attempt milliseconds. Retry-After is read as seconds (an HTTP date is
 * turned into seconds from `now`); absent or unreadable, 1 second.
 */
export function rateLimitDelayMs(retryAfter: string | null, attempt: number, now: number = Date.now()): number {
  return retryAfterSeconds(retryAfter, now) * 1000 * 2 ** attempt;
}

/**
 * The wait before retry `attempt` after a connection error or a 5xx of a request that is safe to
 * repeat: the answer's Retry-After when it has one (same rule as 429), else 0.5 s × 2^attempt.
 */
export function transientDelayMs(retryAfter: string | null, attempt: number, now: number = Date.now()): number {
  if (retryAfter !== null && parseRetryAfter(retryAfter, now) !== undefined) {
    return rateLimitDelayMs(retryAfter, attempt, now);
  }
  return 500 * 2 ** attempt;
}

function retryAfterSeconds(value: string | null, now: number): number {
  return (value === null ? undefined : parseRetryAfter(value, now)) ?? 1;
}

function parseRetryAfter(value: string, now: number): number | undefined {
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The default sleep: a timer, cut short by the signal (rejecting with its reason). */
export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
