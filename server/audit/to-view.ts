import type { AuditLogEntry } from "../db/generated/client";
import { auditEntrySchema, type AuditEntryView } from "@/schemas/audit-log";

/** Labels of actors that still exist, by id: a user's email, an API key's name. */
export type ActorLabels = Map<string, string>;

/** Shape a row for any client; parsing through the schema keeps only the documented fields. */
export function toAuditEntryView(row: AuditLogEntry, labels: ActorLabels): AuditEntryView {
  const actorId = row.actorUserId ?? row.actorApiKeyId;
  return auditEntrySchema.parse({
    id: row.id,
    action: row.action,
    resourceType: row.resourceType,
    resourceId: row.resourceId,
    actor: { type: row.actorType, id: actorId, label: actorId ? (labels.get(actorId) ?? null) : null },
    ip: row.ip,
    userAgent: row.userAgent,
    changes: row.changes ?? null,
    createdAt: row.createdAt.toISOString(),
  });
}
