import { randomBytes } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { defineJob } from "./define-job";
import { runDueJobsOnce } from "./embedded/runner";
import { insertJobs, readState } from "./embedded/store";
import { toInngestFunction } from "./inngest-functions";

// One job body, two engines: what a later job (OTP expiry, webhook retries) relies on.
function makeJob() {
  const effects: string[] = [];
  const job = defineJob({
    id: `parity-${randomBytes(4).toString("hex")}`,
    event: "auth/refresh-tokens.prune",
    handler: async ({ event, step }) => {
      const sent = await step.run("send", () => {
        effects.push("send");
        return { at: new Date("2030-01-01T00:00:00.000Z"), org: event.data.organizationId ?? null };
      });
      await step.sleep("wait-a-day", "24h");
      const checked = await step.run("check", () => {
        effects.push("check");
        return `${sent.org}@${sent.at}`;
      });
      return { sent, checked };
    },
  });
  return { job, effects };
}

const expected = {
  sent: { at: "2030-01-01T00:00:00.000Z", org: "org_x" },
  checked: "org_x@2030-01-01T00:00:00.000Z",
};

describe("a job with steps and a sleep", () => {
  it("gives the same result under Inngest (@inngest/test, sleep mocked by its id)", async () => {
    const { job, effects } = makeJob();
    const t = new InngestTestEngine({ function: toInngestFunction(job) });
    const { result, error, ctx } = await t.execute({
      events: [{ name: "auth/refresh-tokens.prune", data: { organizationId: "org_x" } }],
      steps: [{ id: "wait-a-day", handler: () => undefined }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual(expected);
    expect(ctx.step.sleep).toHaveBeenCalledWith("wait-a-day", "24h");
    expect(effects).toEqual(["send", "check"]);
  });

  it("and under the embedded runner, across the 24 h sleep", async () => {
    const { job, effects } = makeJob();
    await insertJobs(getDb(), [job], { name: "auth/refresh-tokens.prune", data: { organizationId: "org_x" } });
    const t0 = new Date(Date.now() + 1000);
    expect((await runDueJobsOnce(getDb(), t0, { jobs: [job] })).outcomes[0]?.outcome).toBe("sleeping");
    const woke = new Date(t0.getTime() + 24 * 60 * 60 * 1000);
    expect((await runDueJobsOnce(getDb(), woke, { jobs: [job] })).outcomes[0]?.outcome).toBe("succeeded");
    const row = await getDb().job.findFirstOrThrow({ where: { functionId: job.id } });
    expect(readState(row).output).toEqual(expected);
    expect(effects).toEqual(["send", "check"]);
  });
});
