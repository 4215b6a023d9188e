import type { Inngest, InngestFunction } from "inngest";
import { ensureMigrated, getDb } from "../db/client";
import { getInngest } from "./client";
import { allJobs } from "./functions";
import { toJson } from "./json";
import type { AnyJobDefinition, JobStep } from "./types";

type InngestStep = Parameters<Parameters<Inngest["createFunction"]>[1]>[0]["step"];

/** Inngest's step tools seen through our smaller interface (same semantics, same ids). */
function adaptStep(step: InngestStep): JobStep {
  return {
    run: (id, fn) => step.run(id, async () => toJson(await fn())) as never,
    sleep: (id, duration) => step.sleep(id, duration),
    sleepUntil: (id, until) => step.sleepUntil(id, until),
  };
}

/** One job definition as an Inngest function, triggered by its event and/or its cron. */
export function toInngestFunction(job: AnyJobDefinition, client: Inngest = getInngest()): InngestFunction.Any {
  const triggers: InngestFunction.Trigger<string>[] = [];
  if (job.event) triggers.push({ event: job.event });
  if (job.cron) triggers.push({ cron: job.cron });
  return client.createFunction(
    { id: job.id, retries: job.retries, triggers },
    async ({ event, step, runId, attempt }) => {
      // Memoized per process; makes the Inngest path self-sufficient even before anything else ran.
      await ensureMigrated();
      return job.handler({
        event: { name: event.name, data: (event.data ?? {}) as never, id: event.id },
        step: adaptStep(step),
        db: getDb(),
        now: () => new Date(),
        runId,
        attempt,
      });
    },
  );
}

let functions: InngestFunction.Any[] | undefined;

/** Every job as an Inngest function, built once per module load (the serve route registers these). */
export function getInngestFunctions(): InngestFunction.Any[] {
  functions ??= allJobs.map((job) => toInngestFunction(job));
  return functions;
}
