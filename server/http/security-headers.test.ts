import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { config as proxyConfig, proxy } from "@/proxy";
import {
  API_CONTENT_SECURITY_POLICY,
  isCrossSiteRequest,
  pageContentSecurityPolicy,
  staticSecurityHeaders,
} from "./security-headers";

function headers(init: Record<string, string>) {
  return new Headers(init);
}

describe("isCrossSiteRequest", () => {
  it("passes same-origin browsers and clients that send neither Origin nor Sec-Fetch-Site", () => {
    expect(isCrossSiteRequest(headers({ host: "app.example" }))).toBe(false);
    expect(isCrossSiteRequest(headers({ host: "app.example", "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(headers({ host: "app.example", "sec-fetch-site": "none" }))).toBe(false);
    expect(isCrossSiteRequest(headers({ host: "app.example:3000", origin: "http://app.example:3000" }))).toBe(false);
  });

  // Issue 38: X-Forwarded-Host is whatever the client wrote unless a trusted proxy wrote it.
  it("reads X-Forwarded-Host only when the proxy is trusted", () => {
    const proxied = headers({
      host: "10.0.0.5:3000",
      "x-forwarded-host": "app.example",
      origin: "https://app.example",
    });
    expect(isCrossSiteRequest(proxied, { trustProxy: true })).toBe(false);
    expect(isCrossSiteRequest(proxied, { trustProxy: false })).toBe(true);
    const forged = headers({ host: "app.example", "x-forwarded-host": "evil.example", origin: "https://evil.example" });
    expect(isCrossSiteRequest(forged, { trustProxy: false })).toBe(true);
    expect(isCrossSiteRequest(forged, { trustProxy: true })).toBe(false);
  });

  it("refuses other sites, sibling subdomains, opaque origins and origins on another port", () => {
    expect(isCrossSiteRequest(headers({ host: "app.example", "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(headers({ host: "app.example", "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(headers({ host: "app.example", origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(headers({ host: "app.example", origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(headers({ host: "app.example:3000", origin: "http://app.example:4000" }))).toBe(true);
    expect(isCrossSiteRequest(headers({ origin: "https://app.example" }))).toBe(true);
  });
});

describe("page CSP", () => {
  it("allows scripts only with the nonce, no inline or eval in production, and no framing", () => {
    const csp = pageContentSecurityPolicy({ nonce: "abc123==", dev: false, https: true });
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(pageContentSecurityPolicy({ nonce: "n", dev: true, https: false })).toMatch(
      /script-src 'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval';/,
    );
    expect(pageContentSecurityPolicy({ nonce: "n", dev: false, https: false })).not.toContain("upgrade-insecure");
  });
});

describe("proxy.ts", () => {
  it("gives each page request a fresh nonce, in the response and in the request Next renders", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = proxy(new NextRequest("http://localhost/sign-in", { headers: { host: "localhost" } }));
      const csp = res.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      seen.add(nonce!);
      // NextResponse.next({ request: { headers } }) hands these to the renderer.
      expect(res.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
      expect(res.headers.get("x-middleware-request-x-nonce")).toBe(nonce);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
    expect(seen.size).toBe(3);
  });

  it("refuses a cross-site server action POST with 403 in the contract's shape, and lets same-origin through", async () => {
    const cross = proxy(
      new NextRequest("http://localhost/sign-in", {
        method: "POST",
        headers: { host: "localhost", origin: "https://evil.example", "next-action": "abc" },
      }),
    );
    expect(cross.status).toBe(403);
    const body = await cross.json();
    expect(body.error).toMatchObject({ code: "forbidden", requestId: cross.headers.get("x-request-id") });
    // Without TRUST_PROXY, X-Forwarded-Host cannot make another site's Origin look like ours.
    const forged = proxy(
      new NextRequest("http://localhost/sign-in", {
        method: "POST",
        headers: { host: "localhost", "x-forwarded-host": "evil.example", origin: "https://evil.example" },
      }),
    );
    expect(forged.status).toBe(403);

    const same = proxy(
      new NextRequest("http://localhost/sign-in", {
        method: "POST",
        headers: { host: "localhost", origin: "http://localhost", "sec-fetch-site": "same-origin" },
      }),
    );
    expect(same.headers.get("x-middleware-next")).toBe("1");
  });

  it("never runs on /api or static files", () => {
    const source = new RegExp(`^${proxyConfig.matcher[0]!.source.replace("/(", "/(?:")}$`);
    expect(source.test("/sign-in")).toBe(true);
    expect(source.test("/dashboard/api-keys")).toBe(true);
    expect(source.test("/docs")).toBe(true);
    expect(source.test("/api/v1/sms/send")).toBe(false);
    expect(source.test("/api")).toBe(false);
    expect(source.test("/_next/static/chunks/app.js")).toBe(false);
  });
});

describe("next.config.ts headers()", () => {
  it("sends nosniff, Referrer-Policy and framing refusal everywhere, a locked CSP on /api, no X-Powered-By", async () => {
    expect(nextConfig.poweredByHeader).toBe(false);
    const rules = await nextConfig.headers!();
    const all = rules.find((r) => r.source === "/:path*")!;
    const names = all.headers.map((h) => h.key);
    expect(names).toEqual(expect.arrayContaining(["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"]));
    // Vitest runs with NODE_ENV=test: no HSTS outside production builds.
    expect(names).not.toContain("Strict-Transport-Security");
    expect(staticSecurityHeaders(true)).toContainEqual({
      key: "Strict-Transport-Security",
      value: expect.stringMatching(/^max-age=\d{8,}; includeSubDomains$/),
    });
    const api = rules.find((r) => r.source === "/api/:path*")!;
    expect(api.headers).toEqual([{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }]);
  });
});
