import type { DbOrTx } from "../db/client";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import type { AuditAction, AuditResourceType } from "@/schemas/audit-log";

/**
 * Runs `work` in a transaction (the caller's, or a new one), so a change and its audit entry commit
 * together.
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return "$transaction" in db ? db.$transaction((tx) => work(tx)) : work(db);
}

/**
 * The audit entry of a contacts-area change (contacts, imports, opt-outs), when the change has an
 * actor: the dashboard and the REST routes pass theirs; internal callers (keywords, jobs) pass none.
 */
export async function auditContactsChange(
  tx: DbOrTx,
  organizationId: string,
  actor: AuditActor | undefined,
  entry: {
    action: AuditAction;
    resourceType: AuditResourceType;
    resourceId: string;
    before: object | null;
    after: object | null;
  },
  now = new Date(),
): Promise<void> {
  if (!actor) return;
  const changes = diffChanges(entry.resourceType, entry.before, entry.after);
  // An edit that changed nothing is not worth an entry.
  if (entry.before && entry.after && Object.keys(changes.before ?? {}).length === 0) return;
  await recordAudit(
    tx,
    organizationId,
    actor,
    { action: entry.action, resourceType: entry.resourceType, resourceId: entry.resourceId, changes },
    now,
  );
}
