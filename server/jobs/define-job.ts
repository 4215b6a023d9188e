import { parseCron } from "./cron";
import type { JobEventName } from "./events";
import type { EventData, JobContext, JobDefinition, Retries } from "./types";

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/**
 * Declares a background job once. The same handler runs as an Inngest function (server/jobs/
 * inngest-functions.ts) when Inngest is configured, and in the embedded runner otherwise. Add the
 * result to `allJobs` in server/jobs/functions/index.ts so both sides know it.
 *
 * A job with both `event` and `cron` also runs with empty data on its schedule, so its event data
 * must allow `{}`.
 */
export function defineJob<const E extends JobEventName | undefined = undefined, TOutput = unknown>(options: {
  id: string;
  event?: E;
  cron?: string;
  /** Retries per step after the first attempt (Inngest's default is 4). */
  retries?: Retries;
  handler: (ctx: JobContext<EventData<E>>) => Promise<TOutput>;
}): JobDefinition<E, TOutput> {
  if (!ID_PATTERN.test(options.id)) throw new Error(`Job id "${options.id}" must be kebab-case`);
  if (!options.event && !options.cron) throw new Error(`Job "${options.id}" needs an event or a cron trigger`);
  if (options.cron) parseCron(options.cron); // fail at definition time, not at the first schedule
  return {
    id: options.id,
    event: options.event,
    cron: options.cron,
    retries: options.retries ?? 4,
    handler: options.handler,
  };
}
