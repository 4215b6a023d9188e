import { describe, expect, it } from "vitest";
import { getDb, getDriver } from "../db/client";
import { newId, smallestIdAt } from "../ids";
import { api, seedSender } from "../test/messaging";
import {
  agedAuditEntry,
  agedDelivery,
  agedEvent,
  agedMessage,
  agedOtp,
  idAged,
  RETENTION_POLICY,
  runRetentionFor,
} from "../test/retention-fixtures";
import { seedOrganization } from "../test/seed";
import { runRetention } from "./run-retention";

// Every run is scoped to the test's own organization: on PostgreSQL all test files share a database.

const POLICY = RETENTION_POLICY;
const run = runRetentionFor;

async function webhookOf(organizationId: string) {
  const id = newId("wh");
  await getDb().webhook.create({
    data: { id, organizationId, name: "w", url: "https://example.com/hook", events: ["*"] },
  });
  return id;
}

/** The 8 time characters of an id made at `at`. */
const agedIdTime = (at: Date) => smallestIdAt("msg", at).slice(4);

const ids = (rows: { id: string }[]) => rows.map((r) => r.id).sort();

describe("runRetention: messages", () => {
  it("deletes final messages past their age with their OTP code, never a QUEUED or SENT one, nor a younger one", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    const doomed = [
      await agedMessage(organizationId, now, 401, { status: "DELIVERED" }),
      await agedMessage(organizationId, now, 500, { status: "FAILED" }),
      await agedMessage(organizationId, now, 402, { status: "UNDELIVERED", environment: "test" }),
    ];
    const oldOtp = await agedOtp(organizationId, now, 410, "DELIVERED");
    const keptOtp = await agedOtp(organizationId, now, 410, "SENT");
    const kept = [
      await agedMessage(organizationId, now, 450, { status: "QUEUED" }),
      await agedMessage(organizationId, now, 450, { status: "SENT" }),
      await agedMessage(organizationId, now, 399, { status: "DELIVERED" }),
      keptOtp.messageId,
    ];

    const report = await run(organizationId, now);
    expect(report).toMatchObject({ finished: true });
    expect(report.rows.messages).toBe(doomed.length + 1);
    expect(report.related.messages).toBe(1);

    const left = await getDb().message.findMany({ where: { organizationId }, select: { id: true } });
    expect(ids(left)).toEqual([...kept].sort());
    const otps = await getDb().otpCode.findMany({ where: { organizationId }, select: { id: true } });
    expect(ids(otps)).toEqual([keptOtp.otpId]);
    expect(oldOtp.otpId).not.toBe(keptOtp.otpId);
  });
});

describe("runRetention: live message bodies", () => {
  it("redacts only live bodies past their age, of messages no longer QUEUED; sandbox bodies stay", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    const redacted = [
      await agedMessage(organizationId, now, 31, { status: "DELIVERED" }),
      await agedMessage(organizationId, now, 90, { status: "SENT" }),
      await agedMessage(organizationId, now, 45, { status: "FAILED" }),
    ];
    const untouched = [
      await agedMessage(organizationId, now, 31, { environment: "test" }),
      await agedMessage(organizationId, now, 60, { status: "QUEUED" }),
      await agedMessage(organizationId, now, 29),
    ];

    const first = await run(organizationId, now, { batchSize: 2 });
    expect(first.rows.messageBodies).toBe(3);
    const bodies = new Map(
      (await getDb().message.findMany({ where: { organizationId } })).map((m) => [m.id, m.body] as const),
    );
    for (const id of redacted) expect(bodies.get(id)).toBe("");
    for (const id of untouched) expect(bodies.get(id)).toBe(`body of ${id}`);
    // Nothing else of the message changes: status and counts stay for history and aggregates.
    expect((await getDb().message.findFirst({ where: { id: redacted[0]! } }))?.status).toBe("DELIVERED");

    // Idempotent, and the next run starts where this one stopped: a body older than that position
    // (written behind its back here, which ids made now never are) is not read again.
    const second = await run(organizationId, now, { batchSize: 2 });
    expect(second.rows.messageBodies).toBe(0);
    await getDb().message.updateMany({ where: { id: redacted[0]! }, data: { body: "written back" } });
    await run(organizationId, now);
    expect((await getDb().message.findFirst({ where: { id: redacted[0]! } }))?.body).toBe("written back");

    // A day later, the message that was 29 days old has its turn.
    const later = await run(organizationId, new Date(now.getTime() + 2 * 86_400_000));
    expect(later.rows.messageBodies).toBe(1);
    expect((await getDb().message.findFirst({ where: { id: untouched[2]! } }))?.body).toBe("");
  });
});

describe("runRetention: outbox events, webhook deliveries, audit log", () => {
  it("deletes dispatched events past their age, never an undispatched one", async () => {
    const { organizationId } = await seedOrganization();
    // A subscriber, or an event is written already dispatched (trigger sg_outbox_mark_unsubscribed).
    await webhookOf(organizationId);
    const now = new Date();
    await agedEvent(organizationId, now, 8, true);
    await agedEvent(organizationId, now, 30, true);
    const kept = [await agedEvent(organizationId, now, 30, false), await agedEvent(organizationId, now, 6, true)];
    const report = await run(organizationId, now);
    expect(report.rows.outboxEvents).toBe(2);
    expect(ids(await getDb().outboxEvent.findMany({ where: { organizationId } }))).toEqual([...kept].sort());
  });

  it("deletes finished deliveries past their age with their attempts, never a PENDING or RETRYING one", async () => {
    const { organizationId } = await seedOrganization();
    const webhookId = await webhookOf(organizationId);
    const now = new Date();
    await agedDelivery(organizationId, webhookId, now, 31, "SUCCEEDED", 1);
    await agedDelivery(organizationId, webhookId, now, 60, "FAILED", 6);
    const kept = [
      await agedDelivery(organizationId, webhookId, now, 60, "RETRYING", 3),
      await agedDelivery(organizationId, webhookId, now, 60, "PENDING", 0),
      await agedDelivery(organizationId, webhookId, now, 29, "FAILED", 6),
    ];
    const report = await run(organizationId, now);
    expect(report.rows.webhookDeliveries).toBe(2);
    expect(report.related.webhookDeliveries).toBe(7);
    expect(ids(await getDb().webhookDelivery.findMany({ where: { organizationId } }))).toEqual([...kept].sort());
    const attempts = await getDb().webhookAttempt.findMany({ where: { delivery: { organizationId } } });
    expect(attempts).toHaveLength(3 + 0 + 6);
    expect(new Set(attempts.map((a) => a.deliveryId))).toEqual(new Set([kept[0], kept[2]]));
  });

  it("deletes audit entries past their age", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    await agedAuditEntry(organizationId, now, 366);
    await agedAuditEntry(organizationId, now, 1000);
    const kept = await agedAuditEntry(organizationId, now, 364);
    expect((await run(organizationId, now)).rows.auditLog).toBe(2);
    expect(ids(await getDb().auditLogEntry.findMany({ where: { organizationId } }))).toEqual([kept]);
  });
});

describe("runRetention: the fraud guard's rows", () => {
  it("deletes refused OTP attempts at a message's age and hourly counters past FRAUD_COUNTER_RETENTION_DAYS", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    const DAY = 86_400_000;
    const attempt = async (ageDays: number) => {
      const id = idAged("fatt", now, ageDays);
      await getDb().$executeRawUnsafe(
        `INSERT INTO fraud_blocked_attempts (id, organization_id, environment, block_id, to_number, created_at)
         VALUES ($1, $2, 'live', 'fblk_x', '+14155550123', $3::timestamptz)`,
        id,
        organizationId,
        new Date(now.getTime() - ageDays * DAY).toISOString(),
      );
      return id;
    };
    await attempt(401);
    await attempt(900);
    const keptAttempt = await attempt(399);
    const counter = async (ageHours: number, prefix = "+1415555") => {
      const hour = new Date(Math.floor((now.getTime() - ageHours * 3_600_000) / 3_600_000) * 3_600_000);
      await getDb().$executeRawUnsafe(
        `INSERT INTO fraud_counters (organization_id, environment, prefix, hour, sends, verified)
         VALUES ($1, 'live', $2, $3::timestamptz, 5, 1)`,
        organizationId,
        prefix,
        hour.toISOString(),
      );
      return hour.toISOString();
    };
    await counter(8 * 24 + 1);
    await counter(30 * 24, "+1212555");
    const keptHours = [await counter(6 * 24), await counter(1), await counter(0)];

    const report = await run(organizationId, now);
    expect(report).toMatchObject({ finished: true });
    expect(report.rows.fraudBlockedAttempts).toBe(2);
    expect(report.rows.fraudCounters).toBe(2);
    const attempts = await getDb().fraudBlockedAttempt.findMany({ where: { organizationId }, select: { id: true } });
    expect(ids(attempts)).toEqual([keptAttempt]);
    const counters = await getDb().fraudCounter.findMany({ where: { organizationId }, orderBy: { hour: "asc" } });
    expect(counters.map((c) => c.hour.toISOString())).toEqual(keptHours);
    // A second run finds nothing.
    expect((await run(organizationId, now)).rows).toMatchObject({ fraudBlockedAttempts: 0, fraudCounters: 0 });
  });

  it("works through counters sharing an hour in small batches", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    const hour = new Date(Math.floor((now.getTime() - 10 * 86_400_000) / 3_600_000) * 3_600_000);
    await getDb().$executeRawUnsafe(
      `INSERT INTO fraud_counters (organization_id, environment, prefix, hour, sends)
       SELECT $1, 'test', '+1415' || lpad(i::text, 3, '0'), $2::timestamptz, 1 FROM generate_series(1, 25) i`,
      organizationId,
      hour.toISOString(),
    );
    const report = await run(organizationId, now, { batchSize: 4 });
    expect(report.rows.fraudCounters).toBe(25);
    expect(await getDb().fraudCounter.count({ where: { organizationId } })).toBe(0);
  });
});

describe("runRetention: the cutoff", () => {
  it("compares ids bytewise: an id one millisecond older is deleted even where base62 turns from Z to a", async () => {
    const { organizationId } = await seedOrganization();
    const DAY = 86_400_000;
    // A cutoff whose last time character is "a" (36): the millisecond before ends in "Z" (35), which a
    // locale collation would sort after "a". The id columns are COLLATE "C" (and the test databases C).
    const cutoffMs = Math.floor((Date.now() - 400 * DAY) / 62) * 62 + 36;
    const now = new Date(cutoffMs + POLICY.auditLogDays * DAY);
    const entry = async (ms: number) => {
      const id = `aud_${agedIdTime(new Date(ms))}${"0".repeat(16)}`;
      await getDb().auditLogEntry.create({
        data: { id, organizationId, actorType: "system", action: "apiKey.created", resourceType: "apiKey" },
      });
      return id;
    };
    const older = await entry(cutoffMs - 1);
    const atCutoff = await entry(cutoffMs);
    expect(older.slice(4, 12).endsWith("Z") && atCutoff.slice(4, 12).endsWith("a")).toBe(true);
    expect((await run(organizationId, now)).rows.auditLog).toBe(1);
    expect(ids(await getDb().auditLogEntry.findMany({ where: { organizationId } }))).toEqual([atCutoff]);
  });
});

describe("runRetention: batches", () => {
  it("works through many rows in small batches, and a run cut short by its budget is carried on by the next", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    const rows = 60;
    await getDb().outboxEvent.createMany({
      data: Array.from({ length: rows }, (_, i) => {
        const at = new Date(now.getTime() - (10 + i) * 86_400_000);
        return {
          id: `evt_${agedIdTime(at)}${String(i).padStart(16, "0")}`,
          organizationId,
          type: "message.queued",
          payload: {},
          occurredAt: at,
          dispatchedAt: at,
        };
      }),
    });
    const batches: number[] = [];
    // One batch of 7, then the budget is spent.
    const cut = await run(organizationId, now, {
      batchSize: 7,
      budgetMs: 0.0001,
      onBatch: ({ kind, rows: n }) => void (kind === "outboxEvents" && batches.push(n)),
    });
    expect(cut.finished).toBe(false);
    let total = cut.rows.outboxEvents;
    for (let i = 0; i < 20 && total < rows; i++) {
      const next = await run(organizationId, now, {
        batchSize: 7,
        onBatch: ({ kind, rows: n }) => void (kind === "outboxEvents" && batches.push(n)),
      });
      expect(next.finished).toBe(true);
      total += next.rows.outboxEvents;
    }
    expect(total).toBe(rows);
    expect(Math.max(...batches)).toBe(7);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(rows);
    expect(await getDb().outboxEvent.count({ where: { organizationId } })).toBe(0);
  });

  it("pauses between batches for as long as the batch took (half the time at most)", async () => {
    const { organizationId } = await seedOrganization();
    const now = new Date();
    for (let i = 0; i < 5; i++) await agedAuditEntry(organizationId, now, 400 + i);
    const pauses: number[] = [];
    const took: number[] = [];
    await runRetention(getDriver(), POLICY, now, {
      organizationId,
      batchSize: 2,
      minPauseMs: 0,
      sleep: async (ms) => void pauses.push(ms),
      onBatch: ({ ms }) => void took.push(ms),
    });
    // A pause after every batch but the last one.
    expect(pauses).toHaveLength(took.length - 1);
    pauses.forEach((p, i) => expect(p).toBeCloseTo(took[i]!, 5));
  });

  it("never holds up sends: messages are accepted while a run is in progress", async () => {
    const sender = await seedSender();
    const now = new Date();
    await getDb().auditLogEntry.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({
        id: `aud_${agedIdTime(new Date(now.getTime() - 400 * 86_400_000))}${String(i).padStart(16, "0")}`,
        organizationId: sender.organizationId,
        actorType: "system",
        action: "apiKey.created",
        resourceType: "apiKey",
      })),
    });
    let finished = false;
    const sentDuring: number[] = [];
    const running = runRetention(getDriver(), POLICY, now, {
      organizationId: sender.organizationId,
      batchSize: 10,
      minPauseMs: 5,
      onBatch: async () => {
        // Each send goes through the whole API route (auth, limiter, insert, events).
        if (sentDuring.length < 3) {
          const res = await api.send(sender.testKey, { to: "+14155550123", body: "during retention" });
          if (res.status === 202 && !finished) sentDuring.push(res.status);
        }
      },
    }).then((r) => ((finished = true), r));
    // And sends from outside the run, interleaved with its batches.
    const outside = await api.send(sender.testKey, { to: "+14155550123", body: "beside retention" });
    expect(outside.status).toBe(202);
    const outsideDone = finished;
    const report = await running;
    expect(report.rows.auditLog).toBe(200);
    expect(sentDuring).toHaveLength(3);
    expect(outsideDone).toBe(false);
  });
});
