import type { DbOrTx } from "../db/client";
import { CURRENCY, formatMoney } from "@/schemas/money";
import type { BillingView } from "@/schemas/billing";
import { AppError } from "../errors";
import { monthOf } from "./period";

/** The settings as stored, in API terms (money as four-place strings). */
export function billingSettingsOf(org: {
  monthlySpendLimitUnits: bigint | null;
  alertThresholds: number[];
  allowedCountries: unknown;
}) {
  return {
    monthlySpendLimit: org.monthlySpendLimitUnits === null ? null : formatMoney(Number(org.monthlySpendLimitUnits)),
    alertThresholds: [...org.alertThresholds].sort((a, b) => a - b),
    allowedCountries: Array.isArray(org.allowedCountries) ? (org.allowedCountries as string[]) : null,
  };
}

/**
 * contract §8: settings and month-to-date live spend. The spend comes from the organization's row
 * for this month (billing_months), the same row the limit is checked against: one primary-key
 * read, never a scan of messages.
 */
export async function getBilling(db: DbOrTx, organizationId: string, now = new Date()): Promise<BillingView> {
  const org = await db.organization.findUnique({
    where: { id: organizationId },
    select: { monthlySpendLimitUnits: true, alertThresholds: true, allowedCountries: true },
  });
  if (!org) throw new AppError("not_found", "No such organization.");
  const period = monthOf(now);
  const month = await db.billingMonth.findUnique({
    where: { organizationId_month: { organizationId, month: period.start } },
  });
  return {
    currency: CURRENCY,
    ...billingSettingsOf(org),
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    monthToDate: {
      spend: formatMoney(Number(month?.spendUnits ?? 0n)),
      messages: Number(month?.messages ?? 0n),
      segments: Number(month?.segments ?? 0n),
    },
  };
}
