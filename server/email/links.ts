import { getEnv } from "../env";

/**
 * Absolute links for emails. Never built from the request's Host header, which a caller controls
 * (a reset link pointing at an attacker's host): PUBLIC_BASE_URL, else this server on localhost.
 */
export function appUrl(pathAndQuery: string): string {
  const env = getEnv();
  const base = env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`;
  return new URL(pathAndQuery, base.endsWith("/") ? base : `${base}/`).toString();
}
