import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { agedAuditEntry } from "../../test/retention-fixtures";
import { seedOrganization } from "../../test/seed";
import type { JobContext } from "../types";
import { applyRetentionJob } from "./apply-retention";
import { allJobs } from "./index";

// The job runs over every organization. Its clock is set in 2001 so its cutoffs fall in 2000, where
// only this test's rows live: on PostgreSQL all test files share the database.
const NOW = new Date("2001-01-01T00:00:00.000Z");

function runJob() {
  const step = { run: async (_id: string, fn: () => unknown) => fn() };
  return applyRetentionJob.handler({ step, now: () => NOW } as unknown as JobContext<Record<string, never>>);
}

afterEach(() => {
  delete process.env.RETENTION;
  delete process.env.AUDIT_LOG_RETENTION_DAYS;
  resetEnvForTests();
});

describe("apply-retention job", () => {
  it("is registered, on a schedule", () => {
    expect(allJobs).toContain(applyRetentionJob);
    expect(applyRetentionJob.cron).toBe("*/10 * * * *");
  });

  it("applies the configured periods, and does nothing with RETENTION=off", async () => {
    const { organizationId } = await seedOrganization();
    const old = await agedAuditEntry(organizationId, NOW, 40);
    const young = await agedAuditEntry(organizationId, NOW, 20);
    process.env.AUDIT_LOG_RETENTION_DAYS = "30";
    process.env.RETENTION = "off";
    resetEnvForTests();
    expect(await runJob()).toEqual({ skipped: true });
    expect(await getDb().auditLogEntry.count({ where: { id: { in: [old, young] } } })).toBe(2);

    process.env.RETENTION = "on";
    resetEnvForTests();
    expect(await runJob()).toMatchObject({ finished: true, rows: { auditLog: 1 } });
    const left = await getDb().auditLogEntry.findMany({ where: { organizationId }, select: { id: true } });
    expect(left.map((r) => r.id)).toEqual([young]);
  });
});
