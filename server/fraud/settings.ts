import type { Db, DbOrTx } from "../db/client";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { lockOrganization } from "../orgs/owner-rules";
import {
  fraudGuardSettingsSchema,
  fraudGuardUpdateInput,
  type FraudGuardSettings,
  type FraudGuardUpdate,
} from "@/schemas/fraud-guard";

function toSettings(row: { level: string; safeList: string[] } | null): FraudGuardSettings {
  return fraudGuardSettingsSchema.parse({ level: row?.level ?? "standard", safeList: row?.safeList ?? [] });
}

/** contract §12: the organization's level and safe list; standard and empty until it saves its own. */
export async function getFraudGuardSettings(db: DbOrTx, organizationId: string): Promise<FraudGuardSettings> {
  return toSettings(await db.fraudGuardSettings.findUnique({ where: { organizationId } }));
}

/** PATCH the level and/or the safe list, audited in the same transaction. */
export async function updateFraudGuardSettings(
  db: Db,
  organizationId: string,
  input: FraudGuardUpdate,
  actor: AuditActor,
  now = new Date(),
): Promise<FraudGuardSettings> {
  const data = fraudGuardUpdateInput.parse(input);
  if (data.safeList) data.safeList = [...new Set(data.safeList)].sort();
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, organizationId);
    const before = await getFraudGuardSettings(tx, organizationId);
    const after = toSettings(
      await tx.fraudGuardSettings.upsert({
        where: { organizationId },
        create: { organizationId, level: data.level ?? "standard", safeList: data.safeList ?? [], updatedAt: now },
        update: { ...data, updatedAt: now },
      }),
    );
    await recordAudit(tx, organizationId, actor, {
      action: "fraudGuard.updated",
      resourceType: "fraudGuard",
      resourceId: organizationId,
      changes: diffChanges("fraudGuard", before, after),
    });
    return after;
  });
}
