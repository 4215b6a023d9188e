import { relayOutboxEvents } from "../relay";
import { claimDueDeliveries } from "./claim";
import { attemptIsolated, commitOutcomesIsolated } from "./isolated";

/**
 * One complete round, awaited: relay the outbox, claim due first attempts, make them all and
 * record them. For tests, scripts and the bench; the worker does the same continuously.
 */
export async function deliverDueOnce(
  options: { now?: Date; organizationId?: string; limit?: number } = {},
): Promise<{ events: number; attempts: number }> {
  const now = options.now ?? new Date();
  let events = 0;
  for (;;) {
    const relayed = await relayOutboxEvents(now);
    events += relayed.events;
    if (relayed.events < 500) break;
  }
  const claimed = await claimDueDeliveries(now, {
    limit: options.limit ?? 1000,
    leaseMs: 60_000,
    busyWebhooks: [],
    perWebhook: options.limit ?? 1000,
    organizationId: options.organizationId,
  });
  const outcomes = await Promise.all(claimed.map(attemptIsolated));
  await commitOutcomesIsolated(outcomes);
  return { events, attempts: claimed.length };
}
