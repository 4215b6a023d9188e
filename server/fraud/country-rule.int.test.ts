// The fraud guard's organization-wide rule (issue 38, item 11): pumping spread over neighbouring
// prefixes, each under the per-prefix threshold, is caught by the country's sends and conversion.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { AppError } from "../errors";
import { SYSTEM_ACTOR } from "../audit/actor";
import { sendOtp } from "../otp/send-otp";
import { verifyOtp } from "../otp/verify-otp";
import { seedOrganization } from "../test/seed";
import { fraudOtpGuard } from "./otp-guard";
import { listFraudBlocks, unblockPrefix } from "./blocks";

const T0 = new Date("2026-11-25T10:02:00.000Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function org() {
  const o = await seedOrganization("owner");
  return { organizationId: o.organizationId, environment: "test" as const, apiKeyId: null };
}

type Sender = Awaited<ReturnType<typeof org>>;

async function send(sender: Sender, to: string, now: Date) {
  try {
    const r = await sendOtp(getDb(), sender, { to, length: 6, expiresIn: 300 }, { now, guard: fraudOtpGuard });
    return { ok: true as const, messageId: r.messageId };
  } catch (err) {
    if (err instanceof AppError) return { ok: false as const, code: err.code, message: err.message };
    throw err;
  }
}

// Nine numbers under each of six neighbouring prefixes, +1212730 to +1212735 (the probe's 54 sends).
const spread = (i: number) => `+121273${i % 6}${String(1000 + Math.floor(i / 6)).padStart(4, "0")}`;

describe("the organization-wide rule, by country", () => {
  it("blocks a country whose sends over all prefixes convert too little, and explains it", async () => {
    const sender = await org();
    const results = [];
    for (let i = 0; i < 54; i++) results.push(await send(sender, spread(i), at(i * 1000)));
    // standard: the country is blocked at 30 sends under 20 % verified; no prefix reached 10.
    expect(results.slice(0, 30).every((r) => r.ok)).toBe(true);
    expect(results.slice(30).every((r) => !r.ok && r.code === "suspected_fraud")).toBe(true);
    const refused = results[30]!;
    expect(!refused.ok && refused.message).toMatch(/numbers in US .*blocked until 2026-11-25T22:02:29\.000Z/);
    expect(!refused.ok && refused.message).toContain("/api/v1/developer/fraud-guard/blocks/US");

    const blocks = await listFraudBlocks(getDb(), sender.organizationId, { now: at(60_000) });
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).toMatchObject({ scope: "country", prefix: "US", country: "US", sends: 30, verified: 0 });
    expect(blocks[0]!.reason).toMatch(
      /^30 OTP codes were sent to numbers in US, over all prefixes, in one hour and 0 verified \(0 %\)\. The standard level blocks a country after 30 sends in an hour with under 20 % verified/,
    );
    const [event] = await getDb().outboxEvent.findMany({
      where: { organizationId: sender.organizationId, type: "fraud.prefix_blocked" },
    });
    expect(event!.payload).toMatchObject({ scope: "country", prefix: "US", country: "US", sends: 30 });

    // Another country is not affected; unblocking the country lets its numbers through again.
    expect((await send(sender, "+447700900123", at(61_000))).ok).toBe(true);
    await unblockPrefix(getDb(), sender.organizationId, "US", SYSTEM_ACTOR, at(62_000));
    expect((await send(sender, spread(60), at(63_000))).ok).toBe(true);
  });

  it("never blocks a country whose codes are verified, whatever the number of prefixes", async () => {
    const sender = await org();
    for (let i = 0; i < 54; i++) {
      const r = await send(sender, spread(i), at(i * 1000));
      expect(r.ok).toBe(true);
      // One code in three is verified (33 %), across every prefix.
      if (r.ok && i % 3 === 0) {
        const m = await getDb().message.findFirstOrThrow({ where: { id: r.messageId }, select: { body: true } });
        const code = /(\d{6})/.exec(m.body)![1]!;
        const v = await verifyOtp(getDb(), sender, { to: spread(i), code }, { now: at(i * 1000 + 500) });
        expect(v.valid).toBe(true);
      }
    }
    expect(await listFraudBlocks(getDb(), sender.organizationId)).toEqual([]);
  });
});
