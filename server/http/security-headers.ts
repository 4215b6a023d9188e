// Security headers (issue 10). Plain functions and constants with no imports, so next.config.ts,
// proxy.ts and route handlers can all use them.

/**
 * Headers every response gets, pages and API alike, from next.config.ts `headers()`: a static
 * table, so the API pays nothing per request for them. HSTS only for production builds (browsers
 * ignore it over plain http anyway, and it would pin a developer's localhost to https).
 */
export function staticSecurityHeaders(production: boolean): { key: string; value: string }[] {
  return [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // For browsers that predate CSP's frame-ancestors.
    { key: "X-Frame-Options", value: "DENY" },
    ...(production ? [{ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" }] : []),
  ];
}

/** API answers are data, never documents: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The policy of a page, with this request's nonce. Scripts run only with the nonce (Next puts it
 * on its own scripts, read from this policy in the request headers) or when loaded by such a
 * script ('strict-dynamic'): no inline script without it, no eval outside development (React
 * uses eval there for its error overlay). Styles allow 'unsafe-inline': the dashboard's charts,
 * toasts and the API reference set style attributes and inject style elements that cannot carry
 * a nonce; CSS cannot run script.
 */
export function pageContentSecurityPolicy(options: { nonce: string; dev: boolean; https: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    // Only when served over https: on plain http it would send every asset to an https port.
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** 128 random bits, base64: unguessable, and a valid CSP nonce token. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether a browser says this request comes from another site. Browsers send Sec-Fetch-Site and,
 * on every POST, Origin; a page on another site can forge neither. Requests with neither
 * (curl, scripts, server-to-server) are not cross-site: they carry no victim's cookies.
 * "same-site" (a sibling subdomain) is refused too: it may be hosted by someone else.
 * `trustProxy` (TRUST_PROXY): the host addressed is X-Forwarded-Host, which only a trusted reverse
 * proxy may set; without it, any client could name the host its Origin claims (issue 38).
 */
export function isCrossSiteRequest(headers: Headers, { trustProxy = false }: { trustProxy?: boolean } = {}): boolean {
  const site = headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, some redirects) or garbage
  }
  // The host the browser addressed: a trusted reverse proxy passes it on in X-Forwarded-Host.
  const forwarded = trustProxy ? headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwarded || headers.get("host");
  return !host || originHost.toLowerCase() !== host.toLowerCase();
}
