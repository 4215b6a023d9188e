import { getDb } from "@/server/db/client";
import type { AuditLogEntry } from "@/server/db/generated/client";

// Shared by the audit-log REST tests (not a test file, not a route file): requests that look like
// they came through server/serve.mjs from one client, so entries carry a known IP and user agent.
export const EDGE = "audit-suite-edge-token";
globalThis.__signalgateEdgeToken = EDGE;
export const IP = "198.51.100.23";
export const UA = "audit-suite/1.0 (+https://example.test)";
export const fromClient = { "x-sg-edge": EDGE, "x-sg-client-ip": IP, "user-agent": UA };

export const path = "/api/v1/developer/audit-log";

/** An organization's entries, oldest first. */
export async function rows(organizationId: string): Promise<AuditLogEntry[]> {
  return getDb().auditLogEntry.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
}
