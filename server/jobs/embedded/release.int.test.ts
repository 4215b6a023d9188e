// Shutdown gives back the runs a runner stopped waiting for: another runner re-claims them at once,
// finished steps are not redone, and the abandoned run can write nothing more.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { defineJob } from "../define-job";
import { insertJobs } from "./store";
import { releaseJobs } from "./release";
import { EmbeddedRunner } from "./runner";

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe("releasing jobs at shutdown", () => {
  it("a run cut short is pending at once, re-run by the next runner from its last finished step", async () => {
    let entered!: () => void;
    const inSecondStep = new Promise<void>((resolve) => (entered = resolve));
    let letGo!: () => void;
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const effects = { first: 0, second: 0 };
    let blockOnce = true;
    const job = defineJob({
      id: `stuck-${randomBytes(4).toString("hex")}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step }) => {
        await step.run("first", () => {
          effects.first += 1;
          return 1;
        });
        return step.run("second", async () => {
          effects.second += 1;
          if (blockOnce) {
            blockOnce = false;
            entered();
            await gate;
          }
          return 2;
        });
      },
    });
    await insertJobs(getDb(), [job], { name: "test/event", data: {} });
    const row = await getDb().job.findFirstOrThrow({ where: { functionId: job.id } });
    const now = new Date(Date.now() + 1000);

    const first = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now, log: silent });
    const run = first.runDueJobsOnce();
    await inSecondStep;
    await first.stop(10);
    const held = first.heldJobs();
    expect(held.map((h) => h.id)).toEqual([row.id]);
    expect(await releaseJobs(getDb(), held, now)).toBe(1);
    expect(await getDb().job.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      status: "pending",
      lockedUntil: null,
    });

    // The abandoned run finishes its step but may not record anything.
    letGo();
    expect((await run).outcomes.map((o) => o.outcome)).toEqual(["lease-lost"]);

    // The next runner, at the same instant (no lease to wait for), finishes it without redoing step one.
    const next = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now, log: silent });
    expect((await next.runDueJobsOnce()).outcomes.map((o) => o.outcome)).toEqual(["succeeded"]);
    expect(effects).toEqual({ first: 1, second: 2 });
    expect((await getDb().job.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("succeeded");
  });

  it("leaves alone a run that finished or that another runner holds", async () => {
    const job = defineJob({
      id: `done-${randomBytes(4).toString("hex")}`,
      event: "auth/refresh-tokens.prune",
      handler: async () => "ok",
    });
    await insertJobs(getDb(), [job], { name: "test/event", data: {} });
    const row = await getDb().job.findFirstOrThrow({ where: { functionId: job.id } });
    const now = new Date(Date.now() + 1000);
    const runner = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now, log: silent });
    await runner.runDueJobsOnce();
    expect(runner.heldJobs()).toEqual([]);
    // A stale lease for a finished run changes nothing.
    expect(await releaseJobs(getDb(), [{ id: row.id, lease: new Date(now.getTime() + 300_000) }], now)).toBe(0);
    expect((await getDb().job.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("succeeded");
  });
});
