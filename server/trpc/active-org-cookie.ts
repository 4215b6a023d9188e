/** The dashboard's active organization: an id only, always re-checked against memberships. */
export const ACTIVE_ORG_COOKIE = "sg_org";

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function readCookie(headers: Headers, name: string): string | null {
  const header = headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim()) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Secure when the request came over https (directly or through a proxy that says so). */
export function isHttpsRequest(headers: Headers, url?: string): boolean {
  const forwarded = headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  if (forwarded) return forwarded === "https";
  return url ? url.startsWith("https:") : false;
}

export function activeOrgCookieHeader(organizationId: string, secure: boolean): string {
  const parts = [
    `${ACTIVE_ORG_COOKIE}=${encodeURIComponent(organizationId)}`,
    "Path=/",
    `Max-Age=${ONE_YEAR_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function clearActiveOrgCookieHeader(): string {
  return `${ACTIVE_ORG_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;
}
