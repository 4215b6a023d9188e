// The sandbox's magic recipient +15005550004 (contract §5) answers exactly what a live send past the
// monthly spend limit answers (contract §8), over the real routes: the same status, code and message
// for a single send and an OTP, the same per-index error in bulk, nothing written. The live side runs
// against a Twilio-shaped server on loopback, so the comparison is with the real refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { SANDBOX_NUMBERS } from "@/server/carriers/sandbox";
import { api, seedSender } from "@/server/test/messaging";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { expectError } from "@/server/test/http";
import { isSignalGateError, SignalGate } from "@/sdk/src/index";
import * as smsSend from "@/app/api/v1/sms/send/route";
import * as smsBulk from "@/app/api/v1/sms/bulk/route";

const SID = "AC11112222333344445555666677779999";
const TOKEN = "sandbox-limit-token-0123456789abcdef";
const MAGIC = "+15005550004";
const US = "+14155550123";

let twilio: TestTwilioServer;
let restore: () => Promise<void>;

beforeAll(async () => {
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  ({ restore } = await useLiveCarriers({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: "http://127.0.0.1:9",
  }));
});

afterAll(async () => {
  await restore();
  await twilio.close();
});

/** An organization whose live spend limit is already reached (0), so every live send is past it. */
async function senderAtLimit() {
  const sender = await seedSender();
  await getDb().organization.update({
    where: { id: sender.organizationId },
    data: { monthlySpendLimitUnits: 0n },
  });
  return sender;
}

const messageCount = (organizationId: string) => getDb().message.count({ where: { organizationId } });

describe("sandbox magic recipient +15005550004", () => {
  it("is the number the sandbox carrier names", () => {
    expect(SANDBOX_NUMBERS.spendingLimit).toBe(MAGIC);
  });

  it("answers a single send with the live at-limit 402, and writes nothing", async () => {
    const sender = await senderAtLimit();
    const live = await api.send(sender.liveKey, { to: US, body: "over the limit" });
    expectError(live, 402, "spending_limit_reached");
    const fresh = await seedSender(); // no limit at all: the magic number alone decides
    const sandbox = await api.send(fresh.testKey, { to: MAGIC, body: "over the limit" });
    expectError(sandbox, 402, "spending_limit_reached");
    expect(sandbox.json.error.message).toBe(live.json.error.message);
    expect(await messageCount(fresh.organizationId)).toBe(0);
    expect(await getDb().outboxEvent.count({ where: { organizationId: fresh.organizationId } })).toBe(0);
    // Other sandbox numbers are still accepted, and a live key to the magic number is an ordinary live send.
    expect((await api.send(fresh.testKey, { to: US, body: "fine" })).status).toBe(202);
    expect((await api.send(fresh.liveKey, { to: MAGIC, body: "live" })).status).toBe(202);
  });

  it("reports the live at-limit error by index in bulk and accepts the other items", async () => {
    const sender = await senderAtLimit();
    const live = await api.bulk(sender.liveKey, { messages: [{ to: US, body: "a" }] });
    const liveError = live.json.errors[0];
    expect(liveError.code).toBe("spending_limit_reached");

    const fresh = await seedSender();
    const res = await api.bulk(fresh.testKey, {
      messages: [
        { to: US, body: "0" },
        { to: MAGIC, body: "1" },
        { to: "+1415", body: "2 invalid" },
        { to: MAGIC, body: "3" },
        { to: US, body: "4" },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.json.accepted).toBe(2);
    expect(res.json.rejected).toBe(3);
    expect(res.json.messages.map((m: { index: number }) => m.index)).toEqual([0, 4]);
    expect(res.json.errors).toEqual([
      { index: 1, code: "spending_limit_reached", message: liveError.message },
      { index: 2, code: "invalid_phone_number", message: expect.any(String) },
      { index: 3, code: "spending_limit_reached", message: liveError.message },
    ]);
    expect(await messageCount(fresh.organizationId)).toBe(2);
  });

  it("answers an OTP send with 402 and keeps no code", async () => {
    const fresh = await seedSender();
    expectError(await api.otpSend(fresh.testKey, { to: MAGIC }), 402, "spending_limit_reached");
    expect(await getDb().otpCode.count({ where: { organizationId: fresh.organizationId } })).toBe(0);
    expect(await messageCount(fresh.organizationId)).toBe(0);
  });

  it("keeps the live order of checks: an opted-out or disallowed recipient answers 400 first", async () => {
    const fresh = await seedSender();
    await getDb().organization.update({
      where: { id: fresh.organizationId },
      data: { allowedCountries: ["GB"] },
    });
    expectError(await api.send(fresh.testKey, { to: MAGIC, body: "x" }), 400, "country_not_allowed");
  });
});

describe("the SDK", () => {
  // The SDK's own fetch, answered in-process by the route handlers.
  const routes: Record<string, (req: Request) => Promise<Response>> = {
    "/api/v1/sms/send": (req) => smsSend.POST(req, { params: Promise.resolve(undefined) }),
    "/api/v1/sms/bulk": (req) => smsBulk.POST(req, { params: Promise.resolve(undefined) }),
  };
  const client = (apiKey: string) =>
    new SignalGate({
      apiKey,
      baseUrl: "http://sdk.test",
      maxRetries: 0,
      fetch: (input, init) => {
        const req = new Request(input, init);
        return routes[new URL(req.url).pathname]!(req);
      },
    });

  it("throws a typed SignalGateError for a single send, and types the bulk item code", async () => {
    const fresh = await seedSender();
    const sdk = client(fresh.testKey);
    const error = await sdk.sms.send({ to: MAGIC, body: "x" }).catch((e: unknown) => e);
    expect(isSignalGateError(error, "sendSms")).toBe(true);
    if (!isSignalGateError(error, "sendSms")) return;
    // The 402 code is in the operation's union of codes: a code it cannot answer would not compile.
    const expected: typeof error.code = "spending_limit_reached";
    expect({ status: error.status, code: error.code }).toEqual({ status: 402, code: expected });

    const bulk = await sdk.sms.bulk({ messages: [{ to: MAGIC, body: "x" }] });
    const itemCode: NonNullable<typeof bulk.errors>[number]["code"] = "spending_limit_reached";
    expect(bulk.errors).toEqual([{ index: 0, code: itemCode, message: expect.any(String) }]);
  });
});
