import type { Db } from "../db/client";
import { AppError } from "../errors";
import { updateRateLimitsInput, type UpdateRateLimitsInput } from "@/schemas/rate-limits";
import { getRateLimits } from "./get-rate-limits";

/** PATCH: any subset; the result must keep perMinute <= perHour <= perDay (contract §7). */
export async function updateRateLimits(db: Db, organizationId: string, input: UpdateRateLimitsInput) {
  const data = updateRateLimitsInput.parse(input);
  await db.$transaction(async (tx) => {
    const current = await getRateLimits(tx, organizationId);
    const next = {
      perMinute: data.perMinute ?? current.perMinute,
      perHour: data.perHour ?? current.perHour,
      perDay: data.perDay ?? current.perDay,
    };
    const details = [];
    if (next.perMinute > next.perHour)
      details.push({ path: "perMinute", message: `Must not exceed the per-hour limit (${next.perHour}).` });
    if (next.perHour > next.perDay)
      details.push({ path: "perHour", message: `Must not exceed the per-day limit (${next.perDay}).` });
    if (details.length > 0) {
      throw new AppError("invalid_request", "Limits must satisfy perMinute <= perHour <= perDay.", { details });
    }
    await tx.organization.update({
      where: { id: organizationId },
      data: {
        rateLimitPerMinute: next.perMinute,
        rateLimitPerHour: next.perHour,
        rateLimitPerDay: next.perDay,
        ...(data.enabled !== undefined ? { rateLimitEnabled: data.enabled } : {}),
      },
    });
  });
  return getRateLimits(db, organizationId);
}
