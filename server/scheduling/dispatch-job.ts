import { defineJob } from "../jobs/define-job";
import { getEnv } from "../env";
import { nudgeMessagePipeline, pipelineGiveWay } from "../messages/pipeline/worker";
import { dispatchDueMessages } from "./dispatch-due";

/** Each run covers its minute and ends before the next run is due (the runner re-arms a cron job when it ends). */
const RUN_ENDS_AFTER_MS = 58_000;
const TICK_MS = 1000;
const STEP_BUDGET_MS = 800;
/**
 * A scan's budget while a backlog lasts: the backlog is late already, so longer steps cost no
 * lateness, and each step ends by waiting for its slowest lane (half a statement, on average, that
 * the other lanes spend idle) and by the runner's bookkeeping. With statements of 0.2 to 0.5 s on a
 * busy machine, a 0.8 s step paid that every second statement or so.
 */
const BACKLOG_STEP_BUDGET_MS = 5000;

/**
 * The due-scan (contract §11): one job for every scheduled message, never a timer or a sleeping
 * job per message. A run starts each minute (Inngest's cron, or the embedded runner's schedule
 * row) and scans once a second until the minute is nearly over: each scan is a step that moves
 * due messages to QUEUED in bounded batches (dispatch-due.ts) for at most 0.8 s, then the run
 * sleeps durably until the next second. While a backlog remains (a million messages due in the
 * same minute) it scans again at once instead of sleeping, in steps of up to 5 s, and this
 * process's message pipeline gives way to it (the hand-offs wait for the QUEUED rows anyway).
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
    let backlog = false;
    // The loop follows the scans' own (memoized) times, so a replayed run takes the same steps.
    for (let i = 0, at = started; at < endsAt; i++) {
      const budget = backlog ? BACKLOG_STEP_BUDGET_MS : STEP_BUDGET_MS;
      const scan = await step.run(`scan-${i}`, async () => {
        const result = await dispatchDueMessages({
          now,
          // Several statements at once (SCHEDULED_DISPATCH_LANES, 4): a burst (a million due in the
          // same minute) uses more than one of the database's cores, and keeps its share of them
          // on a busy machine; with little due, the others find nothing and return at once.
          lanes: getEnv().SCHEDULED_DISPATCH_LANES,
          budgetMs: Math.max(100, Math.min(budget, endsAt - now().getTime())),
          onQueued: () => nudgeMessagePipeline(),
        });
        // A backlog: this process's pipeline gives way until the next scan has run.
        if (result.backlog) pipelineGiveWay(BACKLOG_STEP_BUDGET_MS + 2 * TICK_MS);
        const finished = now().getTime();
        // The run's next whole second; a backlog goes on at once (a past wake time does not park the run).
        const nextTick = started + (Math.floor((finished - started) / TICK_MS) + 1) * TICK_MS;
        return {
          ...result,
          finishedAt: new Date(finished).toISOString(),
          wakeAt: new Date(result.backlog ? 0 : nextTick).toISOString(),
        };
      });
      queued += scan.queued;
      canceled += scan.canceled;
      backlog = scan.backlog;
      at = Math.max(Date.parse(scan.finishedAt), Date.parse(scan.wakeAt));
      if (at >= endsAt) break;
      await step.sleepUntil(`tick-${i}`, scan.wakeAt);
    }
    return { queued, canceled };
  },
});
