import type { DbOrTx } from "../db/client";
import { getEnv } from "../env";
import { getInngest } from "./client";
import { insertJobs, insertJobsForEvents } from "./embedded/store";
import type { JobEventName, JobEvents } from "./events";
import { jobsTriggeredBy } from "./registry";

export interface SendJobEventOptions {
  /**
   * Sending twice with the same key starts the work once. Under Inngest this is the event id
   * (Inngest drops a repeated id for 24 hours); in the embedded runner a unique key per job row
   * (for as long as the row exists).
   */
  dedupeKey?: string;
}

/**
 * Start the jobs triggered by `name`. Embedded mode writes the job rows with `db`: pass the
 * transaction of the state change that causes the work and both commit (or roll back) together.
 * With Inngest the event is sent at once, outside any transaction: send it after the commit when
 * the job reads rows written in that transaction (or go through the outbox).
 */
export async function sendJobEvent<E extends JobEventName>(
  db: DbOrTx,
  name: E,
  data: JobEvents[E],
  options: SendJobEventOptions = {},
): Promise<void> {
  if (getEnv().inngestEnabled) {
    await getInngest().send({ name, data, ...(options.dedupeKey ? { id: options.dedupeKey } : {}) });
    return;
  }
  await insertJobs(db, await jobsTriggeredBy(name), { name, data: data as Record<string, unknown> }, options);
}

/**
 * Many events of one kind at once: one statement in embedded mode, one request to Inngest. Same
 * transaction rules as sendJobEvent.
 */
export async function sendJobEvents<E extends JobEventName>(
  db: DbOrTx,
  name: E,
  events: readonly { data: JobEvents[E]; dedupeKey?: string }[],
): Promise<void> {
  if (events.length === 0) return;
  if (getEnv().inngestEnabled) {
    await getInngest().send(events.map((e) => ({ name, data: e.data, ...(e.dedupeKey ? { id: e.dedupeKey } : {}) })));
    return;
  }
  await insertJobsForEvents(
    db,
    await jobsTriggeredBy(name),
    events.map((e) => ({ name, data: e.data as Record<string, unknown>, dedupeKey: e.dedupeKey })),
  );
}
