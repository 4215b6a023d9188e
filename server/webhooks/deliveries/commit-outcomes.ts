import { getDb } from "../../db/client";
import { sendJobEvents } from "../../jobs/send-event";
import type { AttemptOutcome } from "./outcome";
import { recordOutcomes } from "./record-outcomes";

/**
 * Record first-attempt outcomes and start the retry job of every delivery that now waits for a
 * retry, in one transaction: a failed delivery always has its schedule, and a lost lease (another
 * worker took over) records nothing and schedules nothing.
 */
export async function commitOutcomes(outcomes: readonly AttemptOutcome[], now = new Date()): Promise<number> {
  if (outcomes.length === 0) return 0;
  const byId = new Map(outcomes.map((o) => [o.deliveryId, o]));
  return getDb().$transaction(async (tx) => {
    const moved = await recordOutcomes(tx, outcomes, now);
    const retrying = moved.filter((m) => m.next_status === "RETRYING");
    await sendJobEvents(
      tx,
      "webhook/delivery.failed",
      retrying.map((m) => ({
        data: {
          organizationId: byId.get(m.id)!.organizationId,
          deliveryId: m.id,
          round: m.round,
          attempt: byId.get(m.id)!.attempt,
        },
        dedupeKey: `${m.id}:${m.round}`,
      })),
    );
    return moved.length;
  });
}
