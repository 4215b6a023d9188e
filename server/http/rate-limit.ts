import { AppError } from "../errors";
import { rateLimitHeaders, takeRateLimit } from "../rate-limits/take-rate-limit";
import type { RateLimitCategory } from "@/schemas/rate-limits";
import type { UserAuth } from "./authenticate";
import type { ApiKeyAuth } from "./authenticate-api-key";

export type { RateLimitCategory };

/**
 * Rate-limit step of the REST wrapper: runs after authentication and before the body is read,
 * so a rejected request costs one database call and does no work. For API keys the same call
 * checks that the cached key is still current; "stale" asks the wrapper to re-authenticate.
 * `category: false` skips the limiter (only the benchmark's comparison route).
 */
export async function applyRateLimit(
  auth: UserAuth | ApiKeyAuth,
  category: RateLimitCategory | false | undefined,
): Promise<{ headers: Headers } | null | "stale"> {
  if (category === false) return null;
  const key = auth.kind === "apiKey" ? { id: auth.keyId, hash: auth.keyHash, version: auth.version } : undefined;
  const decision = await takeRateLimit(auth.organizationId, category, Date.now(), key);
  if (decision.keyStale) return "stale";
  const headers = rateLimitHeaders(decision);
  if (!decision.allowed) {
    const seconds = headers.get("retry-after");
    throw new AppError(
      "rate_limited",
      `Rate limit of ${decision.limit} requests per ${describeWindow(decision.windowSeconds)} exceeded. Retry after ${seconds} s.`,
      { headers: Object.fromEntries(headers) },
    );
  }
  return { headers };
}

function describeWindow(seconds: number): string {
  if (seconds === 60) return "minute";
  if (seconds === 3600) return "hour";
  if (seconds === 86400) return "day";
  return `${seconds} s`;
}
