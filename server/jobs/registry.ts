import type { JobEventName } from "./events";
import type { AnyJobDefinition } from "./types";

/**
 * The app's jobs as sendJobEvent sees them: which jobs an event starts. Handed over at start-up
 * (startBackgroundWork(), the test setup, scripts and test fixtures), never imported from here:
 * the jobs import the domain, the domain sends events, so send-event.ts importing the jobs made
 * every job and most of the domain one import cycle (issue 37 §6). server/jobs/send-event-imports.test.ts
 * keeps it out.
 *
 * A loader, so a test process that never sends an event never loads the jobs. On globalThis:
 * Next.js may load this module once per bundle (instrumentation and each route).
 */
type Loader = () => readonly AnyJobDefinition[] | Promise<readonly AnyJobDefinition[]>;

const holder = globalThis as typeof globalThis & { __signalgateJobRegistry?: Loader };

export function installJobRegistry(load: Loader): void {
  holder.__signalgateJobRegistry = load;
}

/** The jobs `event` starts; throws when no registry was installed (work would silently never start). */
export async function jobsTriggeredBy(event: JobEventName): Promise<readonly AnyJobDefinition[]> {
  const load = holder.__signalgateJobRegistry;
  if (!load) {
    throw new Error(
      "No job registry: call installJobRegistry(() => allJobs) at start-up (server/jobs/start.ts does it for the app).",
    );
  }
  return (await load()).filter((job) => job.event === event);
}
