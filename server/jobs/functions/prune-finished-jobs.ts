import type { DbOrTx } from "../../db/client";
import { defineJob } from "../define-job";

const DAY = 24 * 60 * 60 * 1000;
/** Long enough to look at a run after the fact, and longer than Inngest's 24 h event dedupe. */
export const SUCCEEDED_JOB_RETENTION_MS = 7 * DAY;
export const FAILED_JOB_RETENTION_MS = 30 * DAY;

/**
 * Keeps the embedded runner's table small: finished runs are deleted after a while (pending and
 * running ones, including cron schedule rows, never). A dedupe key is free again once its run
 * is gone.
 */
export async function pruneFinishedJobs(
  db: DbOrTx,
  now: Date,
  scope: { functionIds?: string[] } = {},
): Promise<number> {
  const { count } = await db.job.deleteMany({
    where: {
      ...(scope.functionIds ? { functionId: { in: scope.functionIds } } : {}),
      OR: [
        { status: "succeeded", updatedAt: { lt: new Date(now.getTime() - SUCCEEDED_JOB_RETENTION_MS) } },
        { status: "failed", updatedAt: { lt: new Date(now.getTime() - FAILED_JOB_RETENTION_MS) } },
      ],
    },
  });
  return count;
}

export const pruneFinishedJobsJob = defineJob({
  id: "prune-finished-jobs",
  cron: "30 3 * * *",
  retries: 2,
  // Under Inngest the table stays empty and this deletes nothing.
  handler: async ({ step, db, now }) =>
    step.run("delete-old-runs", async () => ({ deleted: await pruneFinishedJobs(db, now()) })),
});
