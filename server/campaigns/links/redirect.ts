import { isDatabaseUnavailable } from "../../db/unavailable";
import { serviceUnavailable } from "../../errors";
import { API_CONTENT_SECURITY_POLICY, staticSecurityHeaders } from "../../http/security-headers";
import { LINK_CODE_PATTERN } from "./find-urls";
import { isLinkPreviewAgent } from "./link-preview-agents";
import { trackableTarget } from "./plan-tracked-links";
import { LINK_REQUESTS_PER_IP_PER_MINUTE, lookupLink, recordLinkClick, type LinkAnswer } from "./record-click";

export interface LinkResponse {
  status: 302 | 404 | 405 | 429 | 503;
  headers: Record<string, string>;
  /** JSON for errors, in the contract's shape (requestId filled by the caller). */
  error?: { code: "not_found" | "method_not_allowed" | "rate_limited" | "service_unavailable"; message: string };
}

/**
 * The headers of every /l/ answer. What docs/security.md promises every response (next.config.ts
 * gives the app's; /l/ is answered before Next, server/serve/short-links.mjs), with the API's
 * policy: a redirect is no document. Every click must reach us to be counted; no one else needs to
 * know where the link came from.
 */
function commonHeaders(): Record<string, string> {
  return {
    ...Object.fromEntries(
      staticSecurityHeaders(process.env.NODE_ENV === "production").map((h) => [h.key.toLowerCase(), h.value]),
    ),
    "content-security-policy": API_CONTENT_SECURITY_POLICY,
    "cache-control": "private, no-store",
    "referrer-policy": "no-referrer",
    "x-robots-tag": "noindex",
  };
}

/**
 * GET /l/:code (contract §11): 302 to the original URL and a recorded click; HEAD and known
 * link-preview agents get the same 302 without a click; an unknown, malformed or expired code is
 * 404. One client IP makes at most LINK_REQUESTS_PER_IP_PER_MINUTE requests a minute (429 beyond),
 * and its repeat clicks on one link within REPEAT_CLICK_WINDOW_SECONDS count once (issue 38).
 * No session, no tRPC, no Next: server/serve.mjs calls this before the app's router (see
 * server/serve/short-links.mjs), and app/l/[code]/route.ts serves the same answer elsewhere.
 */
export async function answerLinkRequest(
  method: string,
  code: string,
  userAgent: string | null | undefined,
  now: Date = new Date(),
  ip: string | null = null,
): Promise<LinkResponse> {
  const headers = commonHeaders();
  if (method !== "GET" && method !== "HEAD") {
    return {
      status: 405,
      headers: { ...headers, allow: "GET, HEAD" },
      error: { code: "method_not_allowed", message: "Short links answer GET and HEAD only." },
    };
  }
  let answer: LinkAnswer = { limited: false, url: null, counted: false, unique: false };
  if (LINK_CODE_PATTERN.test(code)) {
    const client = { ip, userAgent };
    try {
      answer =
        method === "HEAD" || isLinkPreviewAgent(userAgent)
          ? await lookupLink(code, now, client)
          : await recordLinkClick(code, now, client);
    } catch (err) {
      // As every route (server/http/error-response.ts): an unreachable database is 503 with
      // Retry-After, so the phone's browser may try again; anything else is the caller's 500.
      if (!isDatabaseUnavailable(err)) throw err;
      const unavailable = serviceUnavailable(err);
      return {
        status: 503,
        headers: { ...headers, ...unavailable.headers },
        error: { code: "service_unavailable", message: unavailable.message },
      };
    }
  }
  if (answer.limited) {
    return {
      status: 429,
      headers: { ...headers, "retry-after": String(answer.retryAfterSeconds) },
      error: {
        code: "rate_limited",
        message: `More than ${LINK_REQUESTS_PER_IP_PER_MINUTE} link requests a minute from this address. Retry after ${answer.retryAfterSeconds} s.`,
      },
    };
  }
  // Stored in ASCII form; a row written before that is normalized here (and was not counted).
  const location = answer.url === null ? null : trackableTarget(answer.url);
  if (location === null) {
    return {
      status: 404,
      headers,
      error: { code: "not_found", message: "This link does not exist or has expired." },
    };
  }
  return { status: 302, headers: { ...headers, location } };
}
