import { defineJob } from "../jobs/define-job";
import { nudgeMessagePipeline } from "../messages/pipeline/worker";
import { dispatchDueMessages } from "./dispatch-due";

/** Each run covers its minute and ends before the next run is due (the runner re-arms a cron job when it ends). */
const RUN_ENDS_AFTER_MS = 58_000;
const TICK_MS = 1000;
const STEP_BUDGET_MS = 800;

/**
 * The due-scan (contract §11): one job for every scheduled message, never a timer or a sleeping
 * job per message. A run starts each minute (Inngest's cron, or the embedded runner's schedule
 * row) and scans once a second until the minute is nearly over: each scan is a step that moves
 * due messages to QUEUED in bounded batches (dispatch-due.ts) for at most 0.8 s, then the run
 * sleeps durably until the next second. While a backlog remains (a million messages due in the
 * same minute) it scans again at once instead of sleeping.
 *
 * Crash-safe at every point: each batch commits on its own, a scan that dies leaves its rows
 * SCHEDULED, and a replayed run skips the scans it had finished (their counts are memoized), while
 * the next scan picks up whatever is due. Several processes may scan at once (FOR UPDATE SKIP LOCKED).
 */
export const dispatchScheduledMessagesJob = defineJob({
  id: "dispatch-scheduled-messages",
  cron: "* * * * *",
  retries: 2,
  handler: async ({ step, now }) => {
    const started = Date.parse(await step.run("start", () => now().toISOString()));
    const endsAt = Math.floor(started / 60_000) * 60_000 + RUN_ENDS_AFTER_MS;
    let queued = 0;
    let canceled = 0;
    for (let i = 0; started + i * TICK_MS < endsAt; i++) {
      const scan = await step.run(`scan-${i}`, async () => {
        const result = await dispatchDueMessages({
          now,
          // Two statements at once: a burst (a million due in the same minute) uses two of the
          // database's cores; with little due, the second finds nothing and returns at once.
          lanes: 2,
          budgetMs: Math.max(100, Math.min(STEP_BUDGET_MS, endsAt - Date.now())),
          onQueued: () => nudgeMessagePipeline(),
        });
        const nextTick = started + (i + 1) * TICK_MS;
        // A backlog goes on at once (a past wake time does not park the run).
        return { ...result, wakeAt: new Date(result.backlog ? 0 : nextTick).toISOString() };
      });
      queued += scan.queued;
      canceled += scan.canceled;
      await step.sleepUntil(`tick-${i}`, scan.wakeAt);
    }
    return { queued, canceled };
  },
});
