import { z } from "zod";

/*
 * Response and request headers shared by many operations. Each carries a `header.id` / `param.id`
 * so zod-openapi writes it once under components and refers to it everywhere else.
 */

export const requestIdHeader = z.string().meta({
  // Kept short: it is repeated under every response. The echo rule is in the introduction.
  description: "Identifies this request; quote it in support requests.",
  example: "req_4f9KQ2mXbT7sLpV1aZ0c",
  header: { id: "X-Request-Id" },
});

const RATE_LIMIT_DESCRIPTIONS = {
  "X-RateLimit-Limit": ["Requests allowed in the most restrictive window that applies to this request.", "100"],
  "X-RateLimit-Remaining": ["Requests left in that window.", "42"],
  "X-RateLimit-Reset": ["Unix time in seconds when that window has room again.", "1795256160"],
} as const;
type RateLimitHeader = keyof typeof RATE_LIMIT_DESCRIPTIONS;

function rateLimitHeaderSet(required: boolean): Record<RateLimitHeader, z.ZodType> {
  const entries = Object.entries(RATE_LIMIT_DESCRIPTIONS).map(([name, [description, example]]) => [
    name,
    // zod-openapi reads a header's `required` from optionality, and the meta must sit on the
    // outermost schema; the optional variants stay inline so the component ids stay unique.
    required
      ? z.string().meta({ description, example, header: { id: name } })
      : z.string().optional().meta({ description, example }),
  ]);
  return Object.fromEntries(entries) as Record<RateLimitHeader, z.ZodType>;
}

/** On 429 answers: always present. */
export const rateLimitHeaders = rateLimitHeaderSet(true);
/** On other answers of authenticated routes: present while rate limiting is enabled. */
export const optionalRateLimitHeaders = rateLimitHeaderSet(false);

export const retryAfterHeader = z.string().meta({
  description: "Whole seconds to wait before a request would pass.",
  example: "12",
  header: { id: "Retry-After" },
});

export const wwwAuthenticateHeader = z.string().meta({
  description: "Bearer challenge naming the error code.",
  example: 'Bearer error="unauthenticated"',
  header: { id: "WWW-Authenticate" },
});

export const idempotentReplayedHeader = z
  .literal("true")
  .optional()
  .meta({
    description:
      "Present when this is the stored response of an earlier request with the same Idempotency-Key and body.",
    header: { id: "Idempotent-Replayed" },
  });

export const idempotencyKeyParam = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7E]+$/)
  .optional()
  .meta({
    description:
      "Makes retries safe: the same key with the same body replays the first response (with " +
      "`Idempotent-Replayed: true`); a different body answers 422 `idempotency_key_reused`; while the " +
      "first request still runs, 409 `idempotency_in_progress`. Keys are scoped to organization, " +
      "environment and endpoint and kept 24 hours. 1 to 255 printable ASCII characters (else 400 `invalid_request`), " +
      "for example `order-8812-confirmation`: one per action you may retry, never a constant.",
    // No `example`: the reference puts a parameter's example in every curl sample, and a fixed key
    // copied twice replays the first answer and sends nothing.
    param: { id: "Idempotency-Key" },
  });

export const nextCursorHeader = z
  .string()
  .optional()
  .meta({
    description:
      "Present when more items follow: pass it unchanged as `cursor` to get the next page. Opaque: do not parse " +
      "or build it. Absent on the last page.",
    example:
      "WyJ3ZWJob29rLmRlbGl2ZXJpZXMiLCJvcmdfMFEzZko3YTJYYzl2QjFuTTRrTHA4c1R6IiwiZGx2XzBRM2ZKN2EyWGM5dkIxbk00a0xwOHNUeSJd.q2Lx0aBm5pYtV3cN",
    header: { id: "X-Next-Cursor" },
  });
