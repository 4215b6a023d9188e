import type { DbOrTx, Prisma } from "../db/client";
import { newId } from "../ids";
import { auditChangesSchema, type AuditAction, type AuditChanges, type AuditResourceType } from "@/schemas/audit-log";
import type { AuditActor } from "./actor";

export interface AuditRecord {
  action: AuditAction;
  resourceType: AuditResourceType;
  resourceId: string | null;
  /** Build it with diffChanges(), which keeps only non-secret fields. */
  changes: AuditChanges | null;
}

// A client can send any User-Agent; the log keeps enough to recognise it, not a megabyte.
const MAX_USER_AGENT = 512;
const MAX_IP = 64;

function actorColumns(actor: AuditActor) {
  return {
    actorType: actor.type,
    actorUserId: actor.type === "user" ? actor.userId : null,
    actorApiKeyId: actor.type === "apiKey" ? actor.apiKeyId : null,
    ip: actor.ip?.slice(0, MAX_IP) ?? null,
    userAgent: actor.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
  };
}

function changesColumn(changes: AuditChanges | null): Prisma.InputJsonValue | undefined {
  // Parsed once more so only the declared shape is stored, whatever the caller built.
  return changes ? (auditChangesSchema.parse(changes) as Prisma.InputJsonValue) : undefined;
}

/**
 * Writes one audit entry. Call it with the transaction of the change it records, so the change and
 * its entry commit together or not at all.
 */
export async function recordAudit(
  tx: DbOrTx,
  organizationId: string,
  actor: AuditActor,
  record: AuditRecord,
  now = new Date(),
): Promise<void> {
  await tx.auditLogEntry.create({
    data: {
      id: newId("aud"),
      organizationId,
      ...actorColumns(actor),
      action: record.action,
      resourceType: record.resourceType,
      resourceId: record.resourceId,
      changes: changesColumn(record.changes),
      createdAt: now,
    },
  });
}

/**
 * A dashboard sign-in belongs to no organization: it is recorded once in every organization the
 * user is a member of at that moment (the sign-in gives access to each of them), in one statement.
 */
export async function recordAuditInEveryOrganization(
  tx: DbOrTx,
  userId: string,
  actor: AuditActor,
  record: AuditRecord,
  now = new Date(),
): Promise<number> {
  const memberships = await tx.membership.findMany({ where: { userId }, select: { organizationId: true } });
  if (memberships.length === 0) return 0;
  const result = await tx.auditLogEntry.createMany({
    data: memberships.map((m) => ({
      id: newId("aud"),
      organizationId: m.organizationId,
      ...actorColumns(actor),
      action: record.action,
      resourceType: record.resourceType,
      resourceId: record.resourceId,
      changes: changesColumn(record.changes),
      createdAt: now,
    })),
  });
  return result.count;
}
