// The OTP fraud guard (contract §12) on the real OTP send and verify paths, with an injected clock.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { SYSTEM_ACTOR } from "../audit/actor";
import { sendOtp } from "../otp/send-otp";
import { verifyOtp } from "../otp/verify-otp";
import { seedOrganization } from "../test/seed";
import { fraudOtpGuard } from "./otp-guard";
import { listBlockedAttempts, listFraudBlocks, unblockPrefix } from "./blocks";
import { getFraudGuardSettings, updateFraudGuardSettings } from "./settings";

const HOUR = 3_600_000;
// Two minutes into an hour, so the window is (almost all) the current hour's counter.
const T0 = new Date("2026-11-25T10:02:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function org() {
  const o = await seedOrganization("owner");
  return { ...o, sender: { organizationId: o.organizationId, environment: "test" as const, apiKeyId: null } };
}

type Sender = Awaited<ReturnType<typeof org>>["sender"];

/** One OTP send through the guard: its otpId, or the refusal's code. */
async function send(sender: Sender, to: string, now: Date) {
  try {
    const r = await sendOtp(getDb(), sender, { to, length: 6, expiresIn: 300 }, { now, guard: fraudOtpGuard });
    return { ok: true as const, otpId: r.otpId, messageId: r.messageId };
  } catch (err) {
    if (err instanceof AppError) return { ok: false as const, code: err.code, message: err.message };
    throw err;
  }
}

async function codeOf(messageId: string): Promise<string> {
  const m = await getDb().message.findFirstOrThrow({ where: { id: messageId }, select: { body: true } });
  return /(\d{6})/.exec(m.body)![1]!;
}

// 50 numbers under one prefix: +1212736 and 4 varying digits (the per-recipient limit is 5 per 10 min).
const pumped = (i: number) => `+1212736${String(1000 + i).padStart(4, "0")}`;

describe("fraud guard", () => {
  it("blocks a pumped prefix at the threshold, refuses without sending or billing, and lifts after 12 h", async () => {
    const o = await org();
    const results = [];
    for (let i = 0; i < 50; i++) results.push(await send(o.sender, pumped(i), at(i * 1000)));
    // standard: blocked once 10 sends with under 20 % verified; the 10th went out, the rest refused.
    expect(results.slice(0, 10).every((r) => r.ok)).toBe(true);
    expect(results.slice(10).every((r) => !r.ok && r.code === "suspected_fraud")).toBe(true);
    const refused = results[10]!;
    expect(!refused.ok && refused.message).toMatch(/\+1212736.*blocked until 2026-11-25T22:02:09\.000Z/);

    // Not sent, not billed: only the 10 accepted codes have messages.
    const db = getDb();
    expect(await db.otpCode.count({ where: { organizationId: o.organizationId } })).toBe(10);
    expect(await db.message.count({ where: { organizationId: o.organizationId } })).toBe(10);
    const counters = await db.fraudCounter.findMany({ where: { organizationId: o.organizationId } });
    // The prefix's row, and its country's stripe (the organization-wide rule, issue 38).
    expect(counters.map((c) => [c.prefix, c.sends, c.verified]).sort()).toEqual([
      ["+1212736", 10, 0],
      [expect.stringMatching(/^US:[0-7]$/), 10, 0],
    ]);

    const [block] = await listFraudBlocks(db, o.organizationId, { now: at(60_000) });
    expect(block).toMatchObject({
      prefix: "+1212736",
      country: "US",
      sends: 10,
      verified: 0,
      active: true,
      level: "standard",
      blockedAt: at(9000).toISOString(),
      until: new Date(at(9000).getTime() + 12 * HOUR).toISOString(),
    });
    expect(block!.reason).toMatch(
      /10 OTP codes were sent to numbers starting \+1212736 \(US\) in one hour and 0 verified/,
    );
    const events = await db.outboxEvent.findMany({
      where: { organizationId: o.organizationId, type: "fraud.prefix_blocked" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      prefix: "+1212736",
      country: "US",
      sends: 10,
      verified: 0,
      until: block!.until,
    });
    expect(await listBlockedAttempts(db, o.organizationId)).toHaveLength(40);

    // Another prefix of the same organization is unaffected.
    expect((await send(o.sender, "+12127370001", at(60_000))).ok).toBe(true);
    // Still blocked just before the end, open again after it: no job needed.
    expect((await send(o.sender, pumped(60), at(9000 + 12 * HOUR - 1000))).ok).toBe(false);
    expect((await send(o.sender, pumped(61), at(9000 + 12 * HOUR + 1000))).ok).toBe(true);
    expect((await listFraudBlocks(db, o.organizationId, { now: at(13 * HOUR) }))[0]!.active).toBe(false);
  });

  it("never blocks a legitimate prefix with a high conversion", async () => {
    const o = await org();
    for (let i = 0; i < 40; i++) {
      const r = await send(o.sender, pumped(i), at(i * 1000));
      expect(r.ok).toBe(true);
      // Three of every four codes are verified.
      if (r.ok && i % 4 !== 0) {
        const v = await verifyOtp(
          getDb(),
          o.sender,
          { to: pumped(i), code: await codeOf(r.messageId) },
          { now: at(i * 1000 + 500) },
        );
        expect(v.valid).toBe(true);
      }
    }
    expect(await listFraudBlocks(getDb(), o.organizationId)).toEqual([]);
    const counters = await getDb().fraudCounter.findMany({ where: { organizationId: o.organizationId } });
    // The prefix and its country count the same sends and verifies.
    expect(counters.map((c) => [c.sends, c.verified])).toEqual([
      [40, 30],
      [40, 30],
    ]);
  });

  it("never blocks safe-listed numbers and prefixes; level off never blocks; strict blocks sooner", async () => {
    const o = await org();
    await updateFraudGuardSettings(getDb(), o.organizationId, { safeList: ["+1212736"] }, SYSTEM_ACTOR);
    for (let i = 0; i < 20; i++) expect((await send(o.sender, pumped(i), at(i * 1000))).ok).toBe(true);
    // A single safe number inside an otherwise guarded prefix.
    await updateFraudGuardSettings(getDb(), o.organizationId, { safeList: ["+12127380007"] }, SYSTEM_ACTOR);
    const other = (i: number) => `+1212738${String(i).padStart(4, "0")}`;
    for (let i = 0; i < 10; i++) expect((await send(o.sender, other(i), at(30_000 + i * 1000))).ok).toBe(true);
    expect((await send(o.sender, other(11), at(50_000))).ok).toBe(false);
    expect((await send(o.sender, other(7), at(51_000))).ok).toBe(true);

    await updateFraudGuardSettings(getDb(), o.organizationId, { level: "off", safeList: [] }, SYSTEM_ACTOR);
    for (let i = 0; i < 20; i++)
      expect((await send(o.sender, `+1415555${String(i).padStart(4, "0")}`, at(i * 1000))).ok).toBe(true);
    await updateFraudGuardSettings(getDb(), o.organizationId, { level: "strict" }, SYSTEM_ACTOR);
    const strict = (i: number) => `+1646555${String(i).padStart(4, "0")}`;
    const r = [];
    for (let i = 0; i < 6; i++) r.push(await send(o.sender, strict(i), at(i * 1000)));
    expect(r.map((x) => x.ok)).toEqual([true, true, true, true, true, false]);

    expect(await getFraudGuardSettings(getDb(), o.organizationId)).toEqual({ level: "strict", safeList: [] });
    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: o.organizationId, action: "fraudGuard.updated" },
    });
    expect(audit).toHaveLength(4);
  });

  it("unblocking lifts the block at once, restarts the counts and is audited", async () => {
    const o = await org();
    for (let i = 0; i < 11; i++) await send(o.sender, pumped(i), at(i * 1000));
    expect((await send(o.sender, pumped(20), at(20_000))).ok).toBe(false);
    await expect(unblockPrefix(getDb(), o.organizationId, "+1999", SYSTEM_ACTOR, at(21_000))).rejects.toMatchObject({
      code: "not_found",
    });
    await unblockPrefix(getDb(), o.organizationId, "+1212736", SYSTEM_ACTOR, at(21_000));
    // Counts start again from zero: nine more sends go out before the tenth blocks again.
    const again = [];
    for (let i = 30; i < 41; i++) again.push((await send(o.sender, pumped(i), at(i * 1000))).ok);
    expect(again).toEqual([true, true, true, true, true, true, true, true, true, true, false]);
    const blocks = await listFraudBlocks(getDb(), o.organizationId, { now: at(60_000) });
    expect(blocks.map((b) => b.active)).toEqual([true, false]);
    expect(blocks[1]!.liftedAt).toBe(at(21_000).toISOString());
    const audit = await getDb().auditLogEntry.findMany({
      where: { organizationId: o.organizationId, action: "fraudGuard.unblocked" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.resourceId).toBe("+1212736");
  });

  it.runIf(process.env.DATABASE_URL)("two processes see the same block", async () => {
    const o = await org();
    const now = new Date();
    for (let i = 0; i < 10; i++) await send(o.sender, pumped(i), new Date(now.getTime() + i));
    const second = await new Promise<string>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", path.resolve("server/test/fixtures/otp-send-once.ts"), o.organizationId, pumped(30)],
        { env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] },
      );
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.on("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`exit ${code}: ${out}`))));
    });
    expect(JSON.parse(second)).toEqual({ ok: false, code: "suspected_fraud" });
    expect(await listBlockedAttempts(getDb(), o.organizationId)).toHaveLength(1);
  });
});
