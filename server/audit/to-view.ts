import type { AuditLogEntry } from "../db/generated/client";
import { auditEntrySchema, type AuditEntryView } from "@/schemas/audit-log";

/** Labels of actors that still exist, by id: a user's email, an API key's name. */
export type ActorLabels = Map<string, string>;

/**
 * Shape a row for any client; parsing through the schema keeps only the documented fields. Without
 * `clientDetails` (support: issue 39) the IP address and user agent are null: where a member signs
 * in from is not support's business.
 */
export function toAuditEntryView(row: AuditLogEntry, labels: ActorLabels, clientDetails = true): AuditEntryView {
  const actorId = row.actorUserId ?? row.actorApiKeyId;
  return auditEntrySchema.parse({
    id: row.id,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    actor: { type: row.actorType, id: actorId, label: actorId ? (labels.get(actorId) ?? null) : null },
    ip: clientDetails ? row.ip : null,
    userAgent: clientDetails ? row.userAgent : null,
    changes: row.changes ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}
