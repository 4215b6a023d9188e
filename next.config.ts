import type { NextConfig } from "next";
import { API_CONTENT_SECURITY_POLICY, staticSecurityHeaders } from "./server/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and data files from its own package folder at run time.
  // prom-client: one registry per process, shared by route handlers and instrumentation.ts.
  // Loaded by Node at run time, not bundled. The OpenTelemetry instrumentations hook `require` of
  // pg and Prisma: bundled, they never see the pg the app loads (no statement spans under next build).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@node-rs/argon2",
    "pg",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/instrumentation",
    "@opentelemetry/instrumentation-pg",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace-base",
    "@opentelemetry/sdk-trace-node",
    "@prisma/instrumentation",
  ],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // Build tooling only (not app configuration): lets the benchmark keep its own production build
  // beside the one the browser tests use, so the two never overwrite each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Static security headers for every response (pages get their nonce CSP from proxy.ts). A
  // table evaluated at build time: `next build` runs with NODE_ENV=production, `next dev` not.
  async headers() {
    return [
      { source: "/:path*", headers: staticSecurityHeaders(process.env.NODE_ENV === "production") },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

export default nextConfig;
