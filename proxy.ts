import { NextResponse, type NextRequest } from "next/server";
import { getEnv } from "@/server/env";
import { refuseCrossSite } from "@/server/http/refuse-cross-site";
import { isCrossSiteRequest, newNonce, pageContentSecurityPolicy } from "@/server/http/security-headers";
import { isHttpsRequest } from "@/server/trpc/active-org-cookie";

/**
 * Pages only (the matcher leaves /api alone: the public API's throughput is measured, and its
 * static headers come from next.config.ts). Each page request gets a fresh nonce in its CSP;
 * Next reads the policy from the request headers and puts the nonce on its scripts. A page
 * accepts POST only for server actions, so a cross-site POST is refused here, before any runs.
 */
export function proxy(request: NextRequest) {
  if (
    request.method !== "GET" &&
    request.method !== "HEAD" &&
    isCrossSiteRequest(request.headers, { trustProxy: getEnv().TRUST_PROXY })
  ) {
    return refuseCrossSite(request);
  }
  const nonce = newNonce();
  const policy = pageContentSecurityPolicy({
    nonce,
    dev: process.env.NODE_ENV === "development",
    https: isHttpsRequest(request.headers, request.url),
  });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-nonce", nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      // /metrics is Prometheus text for a scraper: no page headers needed.
      source: "/((?!api(?:/|$)|metrics$|_next/static|_next/image|favicon\\.ico|icon\\.svg).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
