// OTP send and verify over the real routes (contract §5), and the expiry job on both engines.
import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { expectError } from "@/server/test/http";
import { api, eventsOf, runPipeline, seedSender } from "@/server/test/messaging";
import { runDueJobsOnce } from "@/server/jobs/embedded/runner";
import { expireOtpJob } from "@/server/jobs/functions/expire-otp";
import { toInngestFunction } from "@/server/jobs/inngest-functions";

const TO = "+14155550123";

/** The code, read the way a sandbox user would: from the SMS body on the status endpoint. */
async function codeOf(key: string, messageId: string): Promise<string> {
  const body: string = (await api.status(key, messageId)).json.body;
  const match = /code is (\d+)\./.exec(body);
  if (!match) throw new Error(`no code in ${body}`);
  return match[1]!;
}

async function sendCode(key: string, body: Record<string, unknown> = {}) {
  const res = await api.otpSend(key, { to: TO, ...body });
  expect(res.status).toBe(202);
  return { ...res.json, code: await codeOf(key, res.json.messageId) } as {
    otpId: string;
    messageId: string;
    expiresAt: string;
    code: string;
  };
}

const wrongCode = (code: string) => code.replace(/^./, (d) => String((Number(d) + 1) % 10));

describe("POST /otp/send", () => {
  it("answers 202, stores only a hash and sends the code through the message pipeline", async () => {
    const s = await seedSender();
    const before = Date.now();
    const res = await api.otpSend(s.testKey, { to: TO, length: 8, expiresIn: 120 });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      otpId: expect.stringMatching(/^otp_/),
      to: TO,
      status: "PENDING",
      expiresAt: expect.any(String),
      messageId: expect.stringMatching(/^msg_/),
    });
    const expiresIn = new Date(res.json.expiresAt).getTime() - before;
    expect(expiresIn).toBeGreaterThan(119_000);
    expect(expiresIn).toBeLessThan(125_000);
    const code = await codeOf(s.testKey, res.json.messageId);
    expect(code).toMatch(/^\d{8}$/);
    const row = await getDb().otpCode.findFirstOrThrow({ where: { id: res.json.otpId } });
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.codeHash).not.toContain(code);
    await runPipeline(s.organizationId);
    expect((await api.status(s.testKey, res.json.messageId)).json.status).toBe("DELIVERED");
    // The code is in no event and no response other than the sandbox SMS body.
    const events = await eventsOf(s.organizationId);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["message.queued", "otp.sent", "message.sent", "message.delivered"]),
    );
    expect(JSON.stringify(events)).not.toContain(code);
    expect(JSON.stringify(res.json)).not.toContain(code);
  });

  it("validates length and expiresIn", async () => {
    const s = await seedSender();
    for (const body of [{ length: 3 }, { length: 11 }, { expiresIn: 59 }, { expiresIn: 3601 }, { length: "6" }]) {
      expectError(await api.otpSend(s.testKey, { to: TO, ...body }), 400, "invalid_request");
    }
    expectError(await api.otpSend(s.testKey, { to: "+1234567890" }), 400, "invalid_phone_number");
    expectError(await api.otpSend(s.liveKey, { to: TO }), 503, "provider_not_configured");
  });

  it("cancels the previous code when a new one is sent", async () => {
    const s = await seedSender();
    const first = await sendCode(s.testKey);
    const second = await sendCode(s.testKey);
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: first.otpId } })).status).toBe("CANCELED");
    if (first.code !== second.code) {
      expect((await api.otpVerify(s.testKey, { to: TO, code: first.code })).json).toMatchObject({ valid: false });
    }
    expect((await api.otpVerify(s.testKey, { to: TO, code: second.code })).json).toEqual({
      valid: true,
      status: "APPROVED",
    });
  });

  it("allows 5 sends per recipient per 10 minutes, then 429 with Retry-After", async () => {
    const s = await seedSender();
    for (let i = 0; i < 5; i++) expect((await api.otpSend(s.testKey, { to: TO })).status).toBe(202);
    const refused = await api.otpSend(s.testKey, { to: TO });
    expectError(refused, 429, "rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another recipient is not affected.
    expect((await api.otpSend(s.testKey, { to: "+447911123456" })).status).toBe(202);
    expect(await getDb().otpCode.count({ where: { organizationId: s.organizationId, to: TO } })).toBe(5);
  });
});

describe("POST /otp/verify", () => {
  it("approves the right code once", async () => {
    const s = await seedSender();
    const { code } = await sendCode(s.testKey);
    expect((await api.otpVerify(s.testKey, { to: TO, code })).json).toEqual({ valid: true, status: "APPROVED" });
    expect((await api.otpVerify(s.testKey, { to: TO, code })).json).toEqual({
      valid: false,
      status: "NOT_FOUND",
      attemptsRemaining: 0,
    });
    const verified = (await eventsOf(s.organizationId)).filter((e) => e.type === "otp.verified");
    expect(verified).toHaveLength(1);
    expect(verified[0]!.payload).toMatchObject({ to: TO, status: "APPROVED" });
  });

  it("allows at most 5 wrong attempts, after which even the right code fails", async () => {
    const s = await seedSender();
    const { code } = await sendCode(s.testKey);
    const wrong = wrongCode(code);
    for (let left = 4; left >= 1; left--) {
      expect((await api.otpVerify(s.testKey, { to: TO, code: wrong })).json).toEqual({
        valid: false,
        status: "PENDING",
        attemptsRemaining: left,
      });
    }
    expect((await api.otpVerify(s.testKey, { to: TO, code: wrong })).json).toEqual({
      valid: false,
      status: "MAX_ATTEMPTS",
      attemptsRemaining: 0,
    });
    expect((await api.otpVerify(s.testKey, { to: TO, code })).json).toMatchObject({
      valid: false,
      status: "MAX_ATTEMPTS",
    });
  });

  it("succeeds exactly once for 20 parallel correct verifies", async () => {
    const s = await seedSender();
    const { code } = await sendCode(s.testKey);
    const results = await Promise.all(Array.from({ length: 20 }, () => api.otpVerify(s.testKey, { to: TO, code })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.json.valid === true)).toHaveLength(1);
    expect((await eventsOf(s.organizationId)).filter((e) => e.type === "otp.verified")).toHaveLength(1);
  });

  it("answers NOT_FOUND for a number with no code, and never crosses organizations or environments", async () => {
    const s = await seedSender();
    const other = await seedSender();
    const { code } = await sendCode(other.testKey);
    expect((await api.otpVerify(s.testKey, { to: TO, code })).json).toEqual({
      valid: false,
      status: "NOT_FOUND",
      attemptsRemaining: 0,
    });
    expect((await api.otpVerify(other.liveKey, { to: TO, code })).json.status).toBe("NOT_FOUND");
    expect((await api.otpVerify(other.testKey, { to: TO, code })).json.valid).toBe(true);
  });

  it("checks the time itself: an expired code fails even before the expiry job ran", async () => {
    const s = await seedSender();
    const { otpId, code } = await sendCode(s.testKey, { expiresIn: 60 });
    await getDb().otpCode.updateMany({ where: { id: otpId }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await api.otpVerify(s.testKey, { to: TO, code })).json).toEqual({
      valid: false,
      status: "EXPIRED",
      attemptsRemaining: 0,
    });
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: otpId } })).status).toBe("EXPIRED");
    expect((await eventsOf(s.organizationId)).filter((e) => e.type === "otp.expired")).toHaveLength(1);
  });

  it("refuses malformed codes", async () => {
    const s = await seedSender();
    for (const code of ["12a456", "123", "12345678901", 123456]) {
      expectError(await api.otpVerify(s.testKey, { to: TO, code }), 400, "invalid_request");
    }
  });
});

describe("expiry job", () => {
  it("expires the code at expiresAt on the embedded runner and writes otp.expired once", async () => {
    const s = await seedSender();
    const { otpId, expiresAt } = await sendCode(s.testKey, { expiresIn: 60 });
    const job = await getDb().job.findFirstOrThrow({
      where: { functionId: "expire-otp", dedupeKey: `expire-otp:${otpId}` },
    });
    const run = (at: Date) => runDueJobsOnce(getDb(), at, { jobs: [expireOtpJob], batchSize: 1000 });
    await run(new Date());
    expect((await getDb().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("pending");
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: otpId } })).status).toBe("PENDING");
    await run(new Date(new Date(expiresAt).getTime() + 1000));
    expect((await getDb().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("succeeded");
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: otpId } })).status).toBe("EXPIRED");
    const expired = (await eventsOf(s.organizationId)).filter((e) => e.type === "otp.expired");
    expect(expired).toHaveLength(1);
    expect(expired[0]!.payload).toMatchObject({ otpId, to: TO, status: "EXPIRED" });
    expect(JSON.stringify(expired[0]!.payload)).not.toMatch(/code_?hash/i);
  });

  it("leaves a verified code alone", async () => {
    const s = await seedSender();
    const { otpId, code, expiresAt } = await sendCode(s.testKey, { expiresIn: 60 });
    await api.otpVerify(s.testKey, { to: TO, code });
    await runDueJobsOnce(getDb(), new Date(new Date(expiresAt).getTime() + 1000), {
      jobs: [expireOtpJob],
      batchSize: 1000,
    });
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: otpId } })).status).toBe("APPROVED");
    expect((await eventsOf(s.organizationId)).filter((e) => e.type === "otp.expired")).toHaveLength(0);
  });

  it("runs the same function on Inngest: sleeps until expiresAt, then expires", async () => {
    const s = await seedSender();
    const { otpId, expiresAt } = await sendCode(s.testKey, { expiresIn: 60 });
    await getDb().otpCode.updateMany({ where: { id: otpId }, data: { expiresAt: new Date(Date.now() - 1) } });
    const t = new InngestTestEngine({ function: toInngestFunction(expireOtpJob) });
    const { result, error, ctx } = await t.execute({
      events: [{ name: "otp/created", data: { otpId, expiresAt } }],
      steps: [{ id: "wait-until-expiry", handler: () => undefined }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ expired: true });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-until-expiry", expiresAt);
    expect((await getDb().otpCode.findFirstOrThrow({ where: { id: otpId } })).status).toBe("EXPIRED");
  });
});
