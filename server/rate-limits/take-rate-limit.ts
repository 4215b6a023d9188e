import { takeBatched } from "./take-batcher";
import { CATEGORY_LIMITS, type RateLimitCategory } from "@/schemas/rate-limits";

export interface RateLimitDecision {
  allowed: boolean;
  /** False when the organization has rate limiting switched off: no limits, no headers. */
  enabled: boolean;
  limit: number;
  remaining: number;
  resetAtMs: number;
  retryAfterMs: number;
  windowSeconds: number;
  /** The API key passed in no longer matches its row (changed or deleted): nothing was counted. */
  keyStale: boolean;
}

interface Row extends Record<string, unknown> {
  allowed: boolean;
  enabled: boolean;
  lim: number | null;
  remaining: number | null;
  reset_ms: string | number | bigint | null;
  retry_after_ms: string | number | bigint | null;
  window_seconds: number | null;
  key_stale: boolean;
}

const UNLIMITED: RateLimitDecision = {
  allowed: true,
  enabled: false,
  limit: 0,
  remaining: 0,
  resetAtMs: 0,
  retryAfterMs: 0,
  windowSeconds: 0,
  keyStale: false,
};

/**
 * One call of the SQL function sg_rate_limit_take (migration 20261122002951_rate_limits), which
 * checks the organization caps and the category's minute window together and counts the request
 * only if every window has room. On the raw driver, not Prisma, and shared with the concurrent
 * requests of this process (take-batcher.ts): it is on every request.
 */
export async function takeRateLimit(
  organizationId: string,
  category: RateLimitCategory | undefined,
  nowMs = Date.now(),
  key?: { id: string; hash: string; version: Date },
): Promise<RateLimitDecision> {
  const row = (await takeBatched([
    organizationId,
    category ?? null,
    category ? CATEGORY_LIMITS[category] : null,
    Math.floor(nowMs),
    key?.id ?? null,
    key?.hash ?? null,
    key?.version.toISOString() ?? null,
  ])) as Row | undefined;
  if (row?.key_stale) {
    return { ...UNLIMITED, allowed: false, keyStale: true };
  }
  if (!row || !row.enabled) return UNLIMITED;
  return {
    allowed: row.allowed,
    enabled: true,
    limit: Number(row.lim),
    remaining: Math.max(0, Number(row.remaining)),
    resetAtMs: Number(row.reset_ms),
    retryAfterMs: row.retry_after_ms === null ? 0 : Number(row.retry_after_ms),
    windowSeconds: Number(row.window_seconds),
    keyStale: false,
  };
}

/** contract §7 headers for the most restrictive window; Retry-After rounds up, never early. */
export function rateLimitHeaders(decision: RateLimitDecision): Headers {
  const headers = new Headers();
  if (!decision.enabled) return headers;
  headers.set("x-ratelimit-limit", String(decision.limit));
  headers.set("x-ratelimit-remaining", String(decision.remaining));
  headers.set("x-ratelimit-reset", String(Math.ceil(decision.resetAtMs / 1000)));
  if (!decision.allowed) headers.set("retry-after", String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))));
  return headers;
}
