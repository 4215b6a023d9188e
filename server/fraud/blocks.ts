import type { Db, DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { AppError } from "../errors";
import {
  blockedAttemptSchema,
  describeBlock,
  fraudBlockSchema,
  type BlockedAttemptView,
  type FraudBlockView,
} from "@/schemas/fraud-guard";
import { prefixOf } from "@/schemas/fraud-guard";

interface BlockRow {
  prefix: string;
  scope: string;
  country: string | null;
  environment: "live" | "test";
  level: string;
  sends: number;
  verified: number;
  blockedAt: Date;
  until: Date;
  liftedAt: Date | null;
}

export function toBlockView(row: BlockRow, now: Date): FraudBlockView {
  const level = row.level === "strict" ? "strict" : "standard";
  const scope = row.scope === "country" ? "country" : "prefix";
  const until = row.until.toISOString();
  return fraudBlockSchema.parse({
    prefix: row.prefix,
    scope,
    country: row.country,
    environment: row.environment,
    blockedAt: row.blockedAt.toISOString(),
    until,
    active: row.liftedAt === null && row.until.getTime() > now.getTime(),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    sends: row.sends,
    verified: row.verified,
    level,
    reason: describeBlock({ ...row, scope, level, until }),
  });
}

/** Active and past blocks, newest first (an index range on (organization, blocked_at)). */
export async function listFraudBlocks(
  db: DbOrTx,
  organizationId: string,
  options: { status?: "active" | "all"; limit?: number; now?: Date } = {},
): Promise<FraudBlockView[]> {
  const now = options.now ?? new Date();
  const rows = await db.fraudBlock.findMany({
    where: {
      organizationId,
      ...(options.status === "active" ? { liftedAt: null, until: { gt: now } } : {}),
    },
    orderBy: [{ blockedAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 50,
  });
  return rows.map((r) => toBlockView(r as BlockRow, now));
}

/**
 * DELETE /fraud-guard/blocks/:prefix: lifts the prefix's active blocks (both environments) and
 * restarts its counts, so the next sends are judged afresh; audited. 404 when nothing is blocked.
 * A country (`US`) lifts its country-wide block and restarts the country's counts (its stripes).
 */
export async function unblockPrefix(
  db: Db,
  organizationId: string,
  prefix: string,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  const country = /^[A-Z]{2}$/.test(prefix);
  if (!country && !/^\+[0-9]{1,14}$/.test(prefix)) throw new AppError("not_found", `No active block for ${prefix}.`);
  await db.$transaction(async (tx) => {
    // The send path's lock for this prefix, so no send decides between the lift and the reset.
    for (const environment of ["live", "test"]) {
      await runSql(tx, `SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1))) l`, [
        `fraud:${organizationId}:${environment}:${prefix}`,
      ]);
    }
    const active = await tx.fraudBlock.findMany({
      where: { organizationId, prefix, liftedAt: null, until: { gt: now } },
    });
    if (active.length === 0) throw new AppError("not_found", `No active block for ${prefix}.`);
    await tx.fraudBlock.updateMany({
      where: { organizationId, id: { in: active.map((b) => b.id) } },
      data: { liftedAt: now, liftedByUserId: actor.type === "user" ? actor.userId : null },
    });
    await tx.fraudCounter.deleteMany({
      where: { organizationId, prefix: country ? { startsWith: `${prefix}:` } : prefix },
    });
    for (const b of active) {
      await recordAudit(tx, organizationId, actor, {
        action: "fraudGuard.unblocked",
        resourceType: "fraudBlock",
        resourceId: prefix,
        changes: diffChanges("fraudBlock", { ...b, until: b.until.toISOString() }, null),
      });
    }
  });
}

/** Recent OTP sends refused with suspected_fraud (the OTP page marks them). */
export async function listBlockedAttempts(
  db: DbOrTx,
  organizationId: string,
  options: { limit?: number } = {},
): Promise<BlockedAttemptView[]> {
  const rows = await db.fraudBlockedAttempt.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 50,
  });
  return rows.map((r) =>
    blockedAttemptSchema.parse({
      id: r.id,
      to: r.to,
      environment: r.environment,
      prefix: prefixOf(r.to),
      createdAt: r.createdAt.toISOString(),
    }),
  );
}
