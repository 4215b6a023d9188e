/**
 * The address a request reached this server at (a proxy's X-Forwarded-Host and -Proto first), for
 * samples a reader copies: the Overview's first call, the guides' examples.
 */
export function requestOrigin(headers: Headers): string {
  const host = headers.get("x-forwarded-host") ?? headers.get("host") ?? "localhost:3000";
  const proto =
    headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ??
    (host.startsWith("localhost") || host.startsWith("127.") ? "http" : "https");
  return `${proto}://${host}`;
}
