import { isDatabaseUnavailable } from "../../db/unavailable";
import { serviceUnavailable } from "../../errors";
import { LINK_CODE_PATTERN } from "./find-urls";
import { isLinkPreviewAgent } from "./link-preview-agents";
import { lookupLink, recordLinkClick } from "./record-click";

export interface LinkResponse {
  status: 302 | 404 | 405 | 503;
  headers: Record<string, string>;
  /** JSON for errors, in the contract's shape (requestId filled by the caller). */
  error?: { code: "not_found" | "method_not_allowed" | "service_unavailable"; message: string };
}

// Every click must reach us to be counted; no one else needs to know where the link came from.
const COMMON = { "cache-control": "private, no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" };

/**
 * GET /l/:code (contract §11): 302 to the original URL and a recorded click; HEAD and known
 * link-preview agents get the same 302 without a click; an unknown or malformed code is 404.
 * No session, no tRPC, no Next: server/serve.mjs calls this before the app's router (see
 * server/serve/short-links.mjs), and app/l/[code]/route.ts serves the same answer elsewhere.
 */
export async function answerLinkRequest(
  method: string,
  code: string,
  userAgent: string | null | undefined,
  now: Date = new Date(),
): Promise<LinkResponse> {
  if (method !== "GET" && method !== "HEAD") {
    return {
      status: 405,
      headers: { ...COMMON, allow: "GET, HEAD" },
      error: { code: "method_not_allowed", message: "Short links answer GET and HEAD only." },
    };
  }
  let url: string | null = null;
  if (LINK_CODE_PATTERN.test(code)) {
    try {
      url =
        method === "HEAD" || isLinkPreviewAgent(userAgent)
          ? await lookupLink(code)
          : ((await recordLinkClick(code, now))?.url ?? null);
    } catch (err) {
      // As every route (server/http/error-response.ts): an unreachable database is 503 with
      // Retry-After, so the phone's browser may try again; anything else is the caller's 500.
      if (!isDatabaseUnavailable(err)) throw err;
      const unavailable = serviceUnavailable(err);
      return {
        status: 503,
        headers: { ...COMMON, ...unavailable.headers },
        error: { code: "service_unavailable", message: unavailable.message },
      };
    }
  }
  if (url === null) {
    return {
      status: 404,
      headers: COMMON,
      error: { code: "not_found", message: "This link does not exist." },
    };
  }
  return { status: 302, headers: { ...COMMON, location: url } };
}
