import type { Db } from "../db/client";
import { AppError } from "../errors";
import { updateRateLimitsInput, type UpdateRateLimitsInput } from "@/schemas/rate-limits";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { lockOrganization } from "../orgs/owner-rules";
import { getRateLimits } from "./get-rate-limits";

/** PATCH: any subset; the result must keep perMinute <= perHour <= perDay (contract §7). */
export async function updateRateLimits(
  db: Db,
  organizationId: string,
  input: UpdateRateLimitsInput,
  actor: AuditActor,
) {
  const data = updateRateLimitsInput.parse(input);
  await db.$transaction(async (tx) => {
    // Locked, so the audit entry's "before" is what this change replaced, not a concurrent one's.
    await lockOrganization(tx, organizationId);
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
    const enabled = data.enabled ?? current.enabled;
    await tx.organization.update({
      where: { id: organizationId },
      data: {
        rateLimitPerMinute: next.perMinute,
        rateLimitPerHour: next.perHour,
        rateLimitPerDay: next.perDay,
        rateLimitEnabled: enabled,
      },
    });
    await recordAudit(tx, organizationId, actor, {
      action: "rateLimits.updated",
      resourceType: "rateLimits",
      resourceId: organizationId,
      changes: diffChanges("rateLimits", current, { ...next, enabled }),
    });
  });
  return getRateLimits(db, organizationId);
}
