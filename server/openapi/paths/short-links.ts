import { z } from "zod";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import { errors } from "../errors";
import { requestIdHeader } from "../headers";
import type { PathModule } from "./types";

// server/campaigns/links/redirect.ts (served by server/serve.mjs before Next, and by app/l/[code]/route.ts
// without it). Not under /api/v1: it is the link a recipient taps, on LINK_BASE_URL.

const codeParam = z.object({
  code: z.string().meta({
    description:
      "The link's code: 12 base62 characters drawn at random (nothing about the campaign or the recipient can be read " +
      "from it). Any other value answers 404.",
    example: "aZ3kQ9mT0bXw",
  }),
});

const redirectHeaders = z.object({
  Location: z.string().meta({
    description:
      "The original URL of the campaign's template, in its ASCII form (the host in punycode, the rest " +
      "percent-encoded: `https://例え.jp/ü` is `https://xn--r8jz45g.jp/%C3%BC`).",
    example: "https://acme.example/sale",
  }),
  "Cache-Control": z
    .literal("private, no-store")
    .meta({ description: "Never cached: every tap must reach the service to be counted." }),
  "Referrer-Policy": z.literal("no-referrer").meta({ description: "The landing page does not learn the short link." }),
  "X-Robots-Tag": z.literal("noindex").meta({ description: "Short links are not indexed." }),
  "X-Content-Type-Options": z.literal("nosniff"),
  "X-Frame-Options": z.literal("DENY"),
  "Content-Security-Policy": z.literal("default-src 'none'; frame-ancestors 'none'"),
  "Strict-Transport-Security": z
    .literal("max-age=63072000; includeSubDomains")
    .optional()
    .meta({ description: "Production builds only." }),
  "X-Request-Id": requestIdHeader,
});

function shortLinkOperation(method: "GET" | "HEAD"): ZodOpenApiOperationObject {
  const get = method === "GET";
  return {
    operationId: get ? "followShortLink" : "checkShortLink",
    summary: get ? "Follow a campaign's tracked short link" : "Check a tracked short link without counting a click",
    description: get
      ? "Redirects to the original URL and records a click: the link's count, the recipient's unique click, the " +
        "campaign's clicks for the UTC day, and a `link.clicked` event, in one transaction. A known link-preview agent " +
        "(messengers unfurling the link, crawlers, any agent calling itself a bot) is redirected without a click. " +
        "A link of a campaign's test send redirects too; its clicks are never campaign clicks. A repeat tap from one " +
        "client (address and browser) on one link within 10 minutes is redirected but not counted again. A sandbox " +
        "message's links work for an hour after it was made; then, like an unknown code, 404.\n\n" +
        "**Authentication:** none; no session. One client address (IPv6: its /64) may make 300 requests a minute to " +
        "`/l/`; beyond, 429 `rate_limited` with `Retry-After`. Other methods answer 405 `method_not_allowed` with " +
        "`Allow: GET, HEAD`."
      : "The same redirect as GET, never counted as a click (link checkers and prefetches).\n\n" +
        "**Authentication:** none; the same 300 requests a minute per client address.",
    security: [],
    requestParams: { path: codeParam },
    responses: {
      "302": {
        description: get ? "To the original URL; the click is recorded." : "To the original URL; nothing is recorded.",
        headers: redirectHeaders,
      },
      ...errors("not_found", "rate_limited", "service_unavailable"),
    },
  };
}

export const shortLinksPaths: PathModule = {
  tag: {
    name: "Short links",
    description:
      "The tracked links of campaign messages (`{LINK_BASE_URL}/l/{code}`). Outside `/api/v1`; no authentication.",
  },
  paths: {
    "/l/{code}": { get: shortLinkOperation("GET"), head: shortLinkOperation("HEAD") },
  },
};
