import { defineJob } from "../../jobs/define-job";
import { nudgeMessagePipeline } from "../../messages/pipeline/worker";
import { runCampaignsOnce } from "./run-once";

/** Each run covers its minute and ends before the next cron run is due. */
const RUN_ENDS_AFTER_MS = 58_000;
const TICK_MS = 1000;
const STEP_BUDGET_MS = 800;

/**
 * The campaign runner (contract §11): one job for every campaign, like the scheduled messages'
 * due-scan. A run starts each minute (cron) and at once on a launch or a resume (`campaigns/wake`),
 * then works once a second until its minute is nearly over: each tick is a step that starts due
 * SCHEDULED campaigns, expands audiences and sends, in bounded batches, for at most 0.8 s. A run
 * with nothing left to do ends early.
 *
 * Crash-safe at every point: each batch is one transaction (a recipient moves to ACCEPTED in the
 * transaction that inserts its message), so a process killed mid-batch leaves that batch as it
 * was, and the next tick, here or in another process, takes it up. Processes share the work by
 * locking campaign rows with SKIP LOCKED.
 */
export const runCampaignsJob = defineJob({
  id: "run-campaigns",
  event: "campaigns/wake",
  cron: "* * * * *",
  retries: 2,
  handler: async ({ step, now }) => {
    const started = Date.parse(await step.run("start", () => now().toISOString()));
    const endsAt = Math.floor(started / 60_000) * 60_000 + RUN_ENDS_AFTER_MS;
    let accepted = 0;
    for (let i = 0; started + i * TICK_MS < endsAt; i++) {
      const tick = await step.run(`tick-${i}`, async () => {
        const result = await runCampaignsOnce({
          now,
          budgetMs: Math.max(100, Math.min(STEP_BUDGET_MS, endsAt - Date.now())),
          // Four batches at once: a big campaign's batches overlap on the database (they share only
          // the stats row, at the end of each batch), so sending keeps up with bulk acceptance.
          lanes: 4,
          onAccepted: () => nudgeMessagePipeline(),
        });
        const nextTick = started + (i + 1) * TICK_MS;
        return { ...result, wakeAt: new Date(result.backlog ? 0 : nextTick).toISOString() };
      });
      accepted += tick.accepted;
      if (tick.active === 0 && !tick.backlog) break;
      await step.sleepUntil(`wait-${i}`, tick.wakeAt);
    }
    return { accepted };
  },
});
