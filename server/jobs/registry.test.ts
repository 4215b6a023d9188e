import { afterEach, describe, expect, it } from "vitest";
import { defineJob } from "./define-job";
import { installJobRegistry, jobsTriggeredBy } from "./registry";

const holder = globalThis as { __signalgateJobRegistry?: unknown };

describe("the job registry", () => {
  afterEach(() => {
    delete holder.__signalgateJobRegistry;
  });

  it("refuses to answer before one is installed: work must never silently not start", async () => {
    delete holder.__signalgateJobRegistry;
    await expect(jobsTriggeredBy("otp/created")).rejects.toThrow(/installJobRegistry/);
  });

  it("answers the jobs an event starts, loading them once asked", async () => {
    const expire = defineJob({ id: "expire", event: "otp/created", handler: async () => null });
    const wake = defineJob({ id: "wake", event: "campaigns/wake", handler: async () => null });
    const sweep = defineJob({ id: "sweep", cron: "* * * * *", handler: async () => null });
    let loads = 0;
    installJobRegistry(async () => {
      loads++;
      return [expire, wake, sweep];
    });
    expect(loads).toBe(0);
    expect((await jobsTriggeredBy("otp/created")).map((j) => j.id)).toEqual(["expire"]);
    expect((await jobsTriggeredBy("email/queued")).map((j) => j.id)).toEqual([]);
  });
});
