// The due-scan as a job of the embedded runner (the same definition Inngest runs): one run per
// minute that scans every second and sleeps durably in between, then re-arms for the next minute.
// PGlite only: the runner's clock is set in 2030, and on the shared PostgreSQL a global scan at
// that time would queue other test files' scheduled messages (the scan itself is tested on both).
import { describe, expect, it } from "vitest";
import { getDb, getDriver } from "../db/client";
import { ensurePartitions } from "../db/partitions/partitions";
import { getEnv } from "../env";
import { EmbeddedRunner } from "../jobs/embedded/runner";
import { sendSms } from "../messages/send-sms";
import { seedOrganization } from "../test/seed";
import { dispatchScheduledMessagesJob } from "./dispatch-job";

const postgres = Boolean(getEnv().DATABASE_URL);
const at = (iso: string) => new Date(`2030-06-01T${iso}Z`);

describe.skipIf(postgres)("the dispatch-scheduled-messages job", () => {
  it("queues each message in the second it is due, sleeping between scans, and re-arms each minute", async () => {
    const { organizationId } = await seedOrganization("owner");
    // Rows of 2030 need the partitions of 2030 (the partition job makes them as that time comes).
    await ensurePartitions(getDriver(), at("10:55:00"));
    const sender = { organizationId, environment: "test" as const, apiKeyId: null };
    const schedule = (sendAt: string) =>
      sendSms(
        getDb(),
        sender,
        { to: "+14155550123", body: "job", sendAt: at(sendAt).toISOString() },
        {
          now: at("10:55:00"),
        },
      );
    const a = await schedule("10:59:59.500");
    const b = await schedule("11:00:05.200");
    const statusOf = async (id: string) => (await getDb().message.findFirstOrThrow({ where: { id } })).status;
    const runner = (now: Date) =>
      new EmbeddedRunner({ db: getDb(), jobs: [dispatchScheduledMessagesJob], now: () => now });

    await runner(at("10:59:30")).ensureSchedules();
    const row = await getDb().job.findFirstOrThrow({ where: { functionId: dispatchScheduledMessagesJob.id } });
    expect(row.runAt.toISOString()).toBe(at("11:00:00").toISOString());

    const first = await runner(at("11:00:00.200")).runDueJobsOnce();
    expect(first.outcomes.map((o) => o.outcome)).toEqual(["sleeping"]);
    expect([await statusOf(a.messageId), await statusOf(b.messageId)]).toEqual(["QUEUED", "SCHEDULED"]);

    await runner(at("11:00:03.000")).runDueJobsOnce();
    expect(await statusOf(b.messageId)).toBe("SCHEDULED");
    const woke = await runner(at("11:00:05.500")).runDueJobsOnce();
    expect(woke.outcomes.map((o) => o.outcome)).toEqual(["sleeping"]);
    expect(await statusOf(b.messageId)).toBe("QUEUED");

    // The minute is over: the run ends and the schedule row is due at the next minute.
    const last = await runner(at("11:00:59.000")).runDueJobsOnce();
    expect(last.outcomes.map((o) => o.outcome)).toEqual(["rescheduled"]);
    const rearmed = await getDb().job.findUniqueOrThrow({ where: { id: row.id } });
    expect(rearmed.runAt.toISOString()).toBe(at("11:01:00").toISOString());
  });
});
