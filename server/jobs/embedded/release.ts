import type { Db } from "../../db/client";

/**
 * At shutdown: give back the runs this process stopped waiting for, so another runner re-claims
 * them at once instead of when the lease expires. Fenced on the lease the runner holds now, so a
 * run that finished, or that another runner already took over, is not touched; and the run still
 * going here can write nothing more (every LeasedJob write checks the lease). The interrupted
 * attempt counts, as it would after a crash: it may have done part of a step.
 */
export async function releaseJobs(
  db: Db,
  held: readonly { id: string; lease: Date }[],
  now: Date = new Date(),
): Promise<number> {
  let released = 0;
  for (const { id, lease } of held) {
    const { count } = await db.job.updateMany({
      where: { id, status: "running", lockedUntil: lease },
      data: { status: "pending", lockedUntil: null, updatedAt: now },
    });
    released += count;
  }
  return released;
}
