import { defineJob } from "../../jobs/define-job";
import { getEnv } from "../../env";
import { nudgeMessagePipeline, pipelineGiveWay } from "../../messages/pipeline/worker";
import { runCampaignsOnce } from "./run-once";

/** Each run covers its minute and ends before the next cron run is due. */
const RUN_ENDS_AFTER_MS = 58_000;
const TICK_MS = 1000;
const STEP_BUDGET_MS = 800;
/**
 * A tick's budget while a backlog lasts (a big campaign with no throttle, every recipient due now),
 * as the scheduled messages' due-scan does: each tick ends by waiting for its slowest lane (half a
 * batch, on average, that the other lanes spend idle) and by the runner's bookkeeping, which a
 * 0.8 s tick paid every batch or two. Pause, resume and cancel do not wait for a tick: each batch
 * checks the campaign's status under its row lock.
 */
const BACKLOG_STEP_BUDGET_MS = 5000;

/**
 * The campaign runner (contract §11): one job for every campaign, like the scheduled messages'
 * due-scan. A run starts each minute (cron) and at once on a launch or a resume (`campaigns/wake`),
 * then works once a second until its minute is nearly over: each tick is a step that starts due
 * SCHEDULED campaigns, expands audiences and sends, in bounded batches, for at most 0.8 s. A run
 * with nothing left to do ends early. While a backlog remains it ticks again at once, in steps of
 * up to 5 s, and this process's message pipeline gives way to it (the hand-offs wait for the
 * QUEUED rows anyway, and do the same work a little later).
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
    let backlog = false;
    // The loop follows the ticks' own (memoized) end times, not their count: backlog ticks follow
    // one another at once (a canceled campaign's sweep takes a fraction of a second each), and
    // counting them as a second each ended the run early, leaving the rest of the minute idle.
    for (let i = 0, at = started; at < endsAt; i++) {
      const budget = backlog ? BACKLOG_STEP_BUDGET_MS : STEP_BUDGET_MS;
      const tick = await step.run(`tick-${i}`, async () => {
        const result = await runCampaignsOnce({
          now,
          budgetMs: Math.max(100, Math.min(budget, endsAt - Date.now())),
          // Several batches at once (CAMPAIGN_SEND_LANES, 6): a big campaign's batches overlap on the
          // database (their stats go to different stripes, and the organization's hourly counters
          // are written last in each batch), so sending keeps up with bulk acceptance.
          lanes: getEnv().CAMPAIGN_SEND_LANES,
          onAccepted: () => nudgeMessagePipeline(),
        });
        // A backlog: this process's pipeline gives way until the next tick has run.
        if (result.backlog) pipelineGiveWay(BACKLOG_STEP_BUDGET_MS + 2 * TICK_MS);
        const endedAt = Date.now();
        // The run's next whole second by the clock (ticks after a backlog are not a second each).
        const nextTick = started + (Math.floor((endedAt - started) / TICK_MS) + 1) * TICK_MS;
        return { ...result, endedAt, wakeAt: new Date(result.backlog ? 0 : Math.max(nextTick, endedAt)).toISOString() };
      });
      accepted += tick.accepted;
      backlog = tick.backlog;
      at = tick.endedAt;
      if (tick.active === 0 && !tick.backlog) break;
      // By the clock (memoized with the tick, so a replay ends at the same tick): slow passes must
      // not carry the run past its minute, or the cron's next run would only start a minute later.
      if (tick.endedAt >= endsAt) break;
      await step.sleepUntil(`wait-${i}`, tick.wakeAt);
    }
    return { accepted };
  },
});
