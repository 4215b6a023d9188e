import { randomBytes } from "node:crypto";
import { StepError } from "inngest";
import { describe, expect, it } from "vitest";
import { getDb, getDriver } from "../../db/client";
import { defineJob } from "../define-job";
import { sendJobEvent } from "../send-event";
import type { AnyJobDefinition } from "../types";
import { EmbeddedRunner, runDueJobsOnce } from "./runner";
import { claimDueJobs, insertJobs, readState } from "./store";

// On PostgreSQL every test file shares one database: each test defines its own uniquely named
// jobs, and a runner only ever claims jobs of the functions it was given.
const uid = () => randomBytes(4).toString("hex");
const HOUR = 60 * 60 * 1000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
/** Just after the rows below were inserted (they are due "now" by the real clock). */
const start = () => new Date(Date.now() + 1000);

async function enqueue(job: AnyJobDefinition, data: Record<string, unknown> = {}, dedupeKey?: string) {
  await insertJobs(getDb(), [job], { name: "test/event", data }, { dedupeKey });
  return getDb().job.findFirstOrThrow({ where: { functionId: job.id }, orderBy: { id: "desc" } });
}

const jobRow = (id: string) => getDb().job.findUniqueOrThrow({ where: { id } });

// Failures below are expected; keep their log lines out of the test output.
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const once = (job: AnyJobDefinition, now: Date) => runDueJobsOnce(getDb(), now, { jobs: [job], log: silent });

describe("embedded runner", () => {
  it("parks a job for a 24 h sleep, survives a restart and never redoes a finished step", async () => {
    const effects = { before: 0, after: 0 };
    const job = defineJob({
      id: `sleepy-${uid()}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step }) => {
        const first = await step.run("before-sleep", () => {
          effects.before += 1;
          return { at: new Date("2026-01-01T00:00:00.000Z"), n: 41 };
        });
        await step.sleep("wait-a-day", "24h");
        const second = await step.run("after-sleep", () => {
          effects.after += 1;
          return first.n + 1;
        });
        return { first, second };
      },
    });
    const row = await enqueue(job);
    const t0 = start();

    const first = await once(job, t0);
    expect(first.outcomes).toEqual([{ jobId: row.id, functionId: job.id, outcome: "sleeping" }]);
    expect(effects).toEqual({ before: 1, after: 0 });
    let stored = await jobRow(row.id);
    expect(stored.status).toBe("pending");
    expect(stored.lockedUntil).toBeNull();
    expect(stored.runAt.getTime()).toBe(t0.getTime() + 24 * HOUR);
    // The step result is in the database, as JSON (the Date became a string).
    expect(readState(stored).steps["before-sleep"]).toEqual({ output: { at: "2026-01-01T00:00:00.000Z", n: 41 } });

    const early = await once(job, later(t0, 23 * HOUR));
    expect(early.claimed).toBe(0);
    expect(effects).toEqual({ before: 1, after: 0 });

    // A new runner instance is a restarted process: all it has is the jobs table.
    const restarted = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => later(t0, 24 * HOUR + 1000) });
    const woke = await restarted.runDueJobsOnce();
    expect(woke.outcomes.map((o) => o.outcome)).toEqual(["succeeded"]);
    expect(effects).toEqual({ before: 1, after: 1 });
    stored = await jobRow(row.id);
    expect(stored.status).toBe("succeeded");
    expect(readState(stored).output).toEqual({ first: { at: "2026-01-01T00:00:00.000Z", n: 41 }, second: 42 });

    const afterwards = await once(job, later(t0, 48 * HOUR));
    expect(afterwards.claimed).toBe(0);
  });

  it("sleepUntil wakes at the given instant and returns at once when it is past", async () => {
    const t0 = start();
    const wakeAt = later(t0, 5 * 60 * 1000);
    let ran = 0;
    const job = defineJob({
      id: `until-${uid()}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step }) => {
        await step.sleepUntil("already-past", new Date(t0.getTime() - HOUR));
        await step.sleepUntil("expiry", wakeAt.toISOString());
        await step.run("expire", () => (ran += 1));
      },
    });
    const row = await enqueue(job);
    expect((await once(job, t0)).outcomes[0]?.outcome).toBe("sleeping");
    expect((await jobRow(row.id)).runAt.toISOString()).toBe(wakeAt.toISOString());
    expect((await once(job, later(wakeAt, -1))).claimed).toBe(0);
    expect((await once(job, wakeAt)).outcomes[0]?.outcome).toBe("succeeded");
    expect(ran).toBe(1);
  });

  it("retries a failing job with backoff and marks it failed with the last error after maxAttempts", async () => {
    let calls = 0;
    const job = defineJob({
      id: `flaky-${uid()}`,
      event: "auth/refresh-tokens.prune",
      retries: 2,
      handler: async ({ step }) => {
        await step.run("always-fails", () => {
          calls += 1;
          throw new Error(`upstream down (call ${calls})`);
        });
      },
    });
    const row = await enqueue(job);
    expect(row.maxAttempts).toBe(3);
    let now = start();

    expect((await once(job, now)).outcomes[0]?.outcome).toBe("retrying");
    let stored = await jobRow(row.id);
    expect(stored).toMatchObject({ status: "pending", attempts: 1, lastError: "Error: upstream down (call 1)" });
    expect(stored.runAt.getTime()).toBe(now.getTime() + 10_000);
    // Not before the backoff has passed.
    expect((await once(job, later(now, 9_999))).claimed).toBe(0);

    now = later(now, 10_000);
    expect((await once(job, now)).outcomes[0]?.outcome).toBe("retrying");
    stored = await jobRow(row.id);
    expect(stored.attempts).toBe(2);
    expect(stored.runAt.getTime()).toBe(now.getTime() + 20_000);

    now = later(now, 20_000);
    expect((await once(job, now)).outcomes[0]?.outcome).toBe("failed");
    stored = await jobRow(row.id);
    expect(stored).toMatchObject({ status: "failed", attempts: 3, lockedUntil: null });
    expect(stored.lastError).toContain("upstream down (call 3)");
    expect(calls).toBe(3);
    expect((await once(job, later(now, 48 * HOUR))).claimed).toBe(0);
  });

  it("hands a step that ran out of attempts to the handler as a StepError it can catch", async () => {
    const seen: string[] = [];
    const job = defineJob({
      id: `catcher-${uid()}`,
      event: "auth/refresh-tokens.prune",
      retries: 1,
      handler: async ({ step }) => {
        try {
          await step.run("deliver", () => {
            throw new Error("HTTP 500");
          });
        } catch (err) {
          seen.push(err instanceof StepError ? `StepError ${err.message}` : "other");
          await step.run("mark-failed", () => "marked");
        }
        return "handled";
      },
    });
    const row = await enqueue(job);
    const t0 = start();
    expect((await once(job, t0)).outcomes[0]?.outcome).toBe("retrying");
    expect(seen).toEqual([]);
    expect((await once(job, later(t0, HOUR))).outcomes[0]?.outcome).toBe("succeeded");
    expect(seen).toEqual(["StepError HTTP 500"]);
    const stored = await jobRow(row.id);
    expect(readState(stored).steps).toMatchObject({
      deliver: { error: { message: "HTTP 500" } },
      "mark-failed": { output: "marked" },
    });
  });

  it("re-claims a job whose runner died holding the lease, keeping its finished steps", async () => {
    const effects = { one: 0, two: 0 };
    const job = defineJob({
      id: `crashy-${uid()}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step }) => {
        await step.run("one", () => (effects.one += 1));
        await step.run("two", () => (effects.two += 1));
      },
    });
    const row = await enqueue(job);
    const t0 = start();
    // A process claims the job, memoizes step "one" and dies before "two".
    const [claimed] = await claimDueJobs(getDb(), [job.id], t0, 60_000, 10);
    expect(claimed?.id).toBe(row.id);
    await getDb().job.update({ where: { id: row.id }, data: { data: { event: {}, steps: { one: { output: 1 } } } } });
    effects.one = 1;

    // While the lease holds, nobody else takes it.
    expect((await once(job, later(t0, 59_000))).claimed).toBe(0);
    const after = await once(job, later(t0, 61_000));
    expect(after.outcomes.map((o) => o.outcome)).toEqual(["succeeded"]);
    expect(effects).toEqual({ one: 1, two: 1 });
    expect((await jobRow(row.id)).attempts).toBe(1);
  });

  it("never lets two runners run the same job, even when they poll at the same moment", async () => {
    const runs = new Map<string, number>();
    const job = defineJob({
      id: `contended-${uid()}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step, runId }) => {
        await step.run("work", async () => {
          runs.set(runId, (runs.get(runId) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 5));
        });
      },
    });
    for (let i = 0; i < 24; i++) await enqueue(job, { i });
    const now = start();
    const runnerA = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now, batchSize: 4 });
    const runnerB = new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now, batchSize: 4 });
    const drain = async (runner: EmbeddedRunner) => {
      let total = 0;
      for (;;) {
        const { claimed } = await runner.runDueJobsOnce();
        if (claimed === 0) return total;
        total += claimed;
      }
    };
    let blockedClaims = 0;
    const driver = getDriver();
    if (driver.kind === "postgres") {
      // Make the two claims really overlap: another transaction holds every row while both
      // runners poll, then lets go. Locked rows must be skipped, never claimed twice.
      const blocker = await driver.pool.connect();
      try {
        await blocker.query("BEGIN");
        await blocker.query(`SELECT "id" FROM "jobs" WHERE "function_id" = $1 FOR UPDATE`, [job.id]);
        const polls = Promise.all([runnerA.runDueJobsOnce(), runnerB.runDueJobsOnce()]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await blocker.query("COMMIT");
        blockedClaims = (await polls).reduce((sum, s) => sum + s.claimed, 0);
      } finally {
        blocker.release();
      }
    }
    const [a, b] = await Promise.all([drain(runnerA), drain(runnerB)]);
    expect(blockedClaims + a + b).toBe(24);
    expect(runs.size).toBe(24);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const statuses = await getDb().job.groupBy({ by: ["status"], where: { functionId: job.id }, _count: true });
    expect(statuses).toEqual([{ status: "succeeded", _count: 24 }]);
  });

  it("schedules once per dedupe key, and a job enqueued in a rolled-back transaction never exists", async () => {
    const key = `dedupe-${uid()}`;
    const organizationId = `org_${uid()}`;
    const event = "auth/refresh-tokens.prune" as const;
    await sendJobEvent(getDb(), event, { organizationId }, { dedupeKey: key });
    await sendJobEvent(getDb(), event, { organizationId }, { dedupeKey: key });
    // Inside a transaction, a duplicate is skipped without aborting the transaction.
    await getDb().$transaction(async (tx) => {
      await sendJobEvent(tx, event, { organizationId }, { dedupeKey: key });
      await tx.job.count();
    });
    const rows = await getDb().job.findMany({ where: { dedupeKey: `prune-refresh-tokens:${key}` } });
    expect(rows).toHaveLength(1);
    expect(readState(rows[0]!).event).toEqual({ organizationId });

    const rolledBackKey = `rollback-${uid()}`;
    await expect(
      getDb().$transaction(async (tx) => {
        await sendJobEvent(tx, event, { organizationId }, { dedupeKey: rolledBackKey });
        throw new Error("state change failed");
      }),
    ).rejects.toThrow("state change failed");
    expect(await getDb().job.count({ where: { dedupeKey: `prune-refresh-tokens:${rolledBackKey}` } })).toBe(0);
  });

  it("keeps one schedule row per cron job and re-arms it after each run", async () => {
    let runs = 0;
    const job = defineJob({
      id: `hourly-${uid()}`,
      cron: "0 * * * *",
      handler: async ({ event, step }) => {
        await step.run("tick", () => (runs += 1));
        return event.name;
      },
    });
    const t0 = new Date("2030-06-01T10:20:00.000Z");
    const runner = (now: Date) => new EmbeddedRunner({ db: getDb(), jobs: [job], now: () => now });
    await runner(t0).ensureSchedules();
    await runner(later(t0, 5 * 60 * 1000)).ensureSchedules(); // a second process starting
    let rows = await getDb().job.findMany({ where: { functionId: job.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.runAt.toISOString()).toBe("2030-06-01T11:00:00.000Z");

    expect((await runner(new Date("2030-06-01T10:59:59.000Z")).runDueJobsOnce()).claimed).toBe(0);
    const first = await runner(new Date("2030-06-01T11:00:02.000Z")).runDueJobsOnce();
    expect(first.outcomes.map((o) => o.outcome)).toEqual(["rescheduled"]);
    rows = await getDb().job.findMany({ where: { functionId: job.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 0 });
    expect(rows[0]!.runAt.toISOString()).toBe("2030-06-01T12:00:00.000Z");
    expect(readState(rows[0]!).steps).toEqual({});

    // Down for three hours: one catch-up run, not three.
    await runner(new Date("2030-06-01T15:30:00.000Z")).runDueJobsOnce();
    expect(runs).toBe(2);
    rows = await getDb().job.findMany({ where: { functionId: job.id } });
    expect(rows[0]!.runAt.toISOString()).toBe("2030-06-01T16:00:00.000Z");
  });

  it("polls on its own after start() and stops cleanly", async () => {
    let ran = 0;
    const job = defineJob({
      id: `polled-${uid()}`,
      event: "auth/refresh-tokens.prune",
      handler: async ({ step }) => {
        await step.run("work", () => (ran += 1));
      },
    });
    const row = await enqueue(job);
    const runner = new EmbeddedRunner({
      db: getDb(),
      jobs: [job],
      pollIntervalMs: 50,
      now: () => later(new Date(), 1000),
    });
    await runner.start();
    try {
      for (let i = 0; i < 200 && (await jobRow(row.id)).status !== "succeeded"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      await runner.stop();
    }
    expect((await jobRow(row.id)).status).toBe("succeeded");
    expect(ran).toBe(1);
  });
});
