import { Prisma } from "../db/generated/client";
import type { Db } from "../db/client";
import { parseMoney } from "@/schemas/money";
import { updateBillingInput, type UpdateBillingInput } from "@/schemas/billing";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { lockOrganization } from "../orgs/owner-rules";
import { billingSettingsOf, getBilling } from "./get-billing";

/**
 * PATCH any subset of the spend limit, alert thresholds and allowed countries (contract §8), with
 * an audit entry in the same transaction. Thresholds are kept sorted; countries in the order given.
 */
export async function updateBilling(db: Db, organizationId: string, input: UpdateBillingInput, actor: AuditActor) {
  const data = updateBillingInput.parse(input);
  await db.$transaction(async (tx) => {
    // Locked, so the audit entry's "before" is what this change replaced, not a concurrent one's.
    await lockOrganization(tx, organizationId);
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { monthlySpendLimitUnits: true, alertThresholds: true, allowedCountries: true },
    });
    const after = await tx.organization.update({
      where: { id: organizationId },
      data: {
        ...(data.monthlySpendLimit !== undefined && {
          monthlySpendLimitUnits: data.monthlySpendLimit === null ? null : BigInt(parseMoney(data.monthlySpendLimit)!),
        }),
        ...(data.alertThresholds && { alertThresholds: [...data.alertThresholds].sort((a, b) => a - b) }),
        ...(data.allowedCountries !== undefined && {
          allowedCountries: data.allowedCountries === null ? Prisma.DbNull : data.allowedCountries,
        }),
      },
      select: { monthlySpendLimitUnits: true, alertThresholds: true, allowedCountries: true },
    });
    await recordAudit(tx, organizationId, actor, {
      action: "billing.updated",
      resourceType: "billing",
      resourceId: organizationId,
      changes: diffChanges("billing", billingSettingsOf(before), billingSettingsOf(after)),
    });
  });
  return getBilling(db, organizationId);
}
