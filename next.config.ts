import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pg"],
  poweredByHeader: false,
  reactStrictMode: true,
  typedRoutes: false,
  // Build tooling only (not app configuration): lets the benchmark keep its own production build
  // beside the one the browser tests use, so the two never overwrite each other.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
