// The sandbox's inbound simulator (contract §10): POST /api/v1/sms/inbound with a sg_test_ key.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { api, eventsOf, seedSender } from "@/server/test/messaging";
import { call, expectError } from "@/server/test/http";
import { seedApiKey } from "@/server/test/seed";
import { DEFAULT_REPLIES } from "@/schemas/inbound";
import { SANDBOX_RECEIVING_NUMBER } from "@/server/inbound/simulate-inbound";
import * as route from "./route";

const PHONE = "+14155550177";
const simulate = (key: string, body: unknown) => call(route.POST, "/api/v1/sms/inbound", { token: key, body });

describe("POST /api/v1/sms/inbound", () => {
  it("stores a sandbox inbound message to the organization's first number and announces it", async () => {
    const s = await seedSender();
    await getDb().phoneNumber.createMany({
      data: [
        { number: `+1720555${String(process.pid % 10000).padStart(4, "0")}`, organizationId: s.organizationId },
        { number: `+1720556${String(process.pid % 10000).padStart(4, "0")}`, organizationId: s.organizationId },
      ],
    });
    const res = await simulate(s.testKey, { from: PHONE, body: "Hello" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      status: "RECEIVED",
      direction: "inbound",
      from: PHONE,
      to: `+1720555${String(process.pid % 10000).padStart(4, "0")}`,
      body: "Hello",
      environment: "test",
      price: "0.0000",
      receivedAt: res.json.createdAt,
    });
    expect((await api.status(s.testKey, res.json.messageId)).json).toEqual(res.json);
    const events = (await eventsOf(s.organizationId)).filter((e) => e.type === "message.received");
    expect(events.map((e) => e.payload)).toEqual([
      { messageId: res.json.messageId, from: PHONE, to: res.json.to, body: "Hello", receivedAt: res.json.receivedAt },
    ]);
  });

  it("uses the sandbox number when the organization has none, and refuses any other `to`", async () => {
    const s = await seedSender();
    expect((await simulate(s.testKey, { from: PHONE, body: "x" })).json.to).toBe(SANDBOX_RECEIVING_NUMBER);
    expect((await simulate(s.testKey, { from: PHONE, to: SANDBOX_RECEIVING_NUMBER, body: "x" })).status).toBe(201);
    const nobodys = await simulate(s.testKey, { from: PHONE, to: "12345", body: "x" });
    expectError(nobodys, 400, "invalid_request");
    expect(nobodys.json.error.details.map((d: { path: string }) => d.path)).toEqual(["to"]);
  });

  it("accepts the organization's own `to` and refuses another organization's number (issue 25)", async () => {
    const s = await seedSender();
    const other = await seedSender();
    const suffix = String(process.pid % 10000).padStart(4, "0");
    const own = `+1720557${suffix}`;
    const theirs = `+1720558${suffix}`;
    await getDb().phoneNumber.createMany({
      data: [
        { number: own, organizationId: s.organizationId },
        { number: theirs, organizationId: other.organizationId },
      ],
    });
    expect((await simulate(s.testKey, { from: PHONE, to: own, body: "x" })).json.to).toBe(own);
    const refused = await simulate(s.testKey, { from: PHONE, to: theirs, body: "STOP" });
    expectError(refused, 400, "invalid_request");
    expect(refused.json.error.details.map((d: { path: string }) => d.path)).toEqual(["to"]);
    // Nothing was stored, opted out or replied "from" the other organization's number.
    expect(await getDb().message.count({ where: { OR: [{ from: theirs }, { to: theirs }] } })).toBe(0);
    expectError(
      await simulate(s.testKey, { from: PHONE, to: SANDBOX_RECEIVING_NUMBER, body: "x" }),
      400,
      "invalid_request",
    );
  });

  it("folds only ASCII case in keywords: ſtop (U+017F) is an ordinary message", async () => {
    const s = await seedSender();
    expect((await simulate(s.testKey, { from: PHONE, body: "\u017Ftop" })).status).toBe(201);
    expect((await simulate(s.testKey, { from: PHONE, body: "\uFB06op" })).status).toBe(201);
    expect(await getDb().contactOptOut.count({ where: { organizationId: s.organizationId } })).toBe(0);
    expect((await api.send(s.testKey, { to: PHONE, body: "still subscribed" })).status).toBe(202);
  });

  it("a simulated STOP opts the number out: sends are refused, the confirmation is a sandbox message", async () => {
    const s = await seedSender();
    expect((await simulate(s.testKey, { from: PHONE, body: "stop" })).status).toBe(201);
    expectError(await api.send(s.testKey, { to: PHONE, body: "sale!" }), 400, "recipient_opted_out");
    const replies = await getDb().message.findMany({
      where: { organizationId: s.organizationId, direction: "outbound" },
    });
    expect(replies.map((m) => [m.to, m.body, m.environment])).toEqual([[PHONE, DEFAULT_REPLIES.stopReply, "test"]]);
    await simulate(s.testKey, { from: PHONE, body: "START" });
    expect((await api.send(s.testKey, { to: PHONE, body: "welcome back" })).status).toBe(202);
  });

  it("refuses live keys, keys without sms.send, and invalid bodies", async () => {
    const s = await seedSender();
    expectError(await simulate(s.liveKey, { from: PHONE, body: "x" }), 403, "forbidden");
    const readOnly = await seedApiKey(s.organizationId, { environment: "test", permissions: ["sms.read"] });
    expectError(await simulate(readOnly.rawKey, { from: PHONE, body: "x" }), 403, "insufficient_scope");
    expectError(await simulate(s.testKey, { from: "+1415", body: "x" }), 400, "invalid_phone_number");
    expectError(await simulate(s.testKey, { from: PHONE, body: "" }), 400, "invalid_request");
    expectError(await simulate(s.testKey, { from: PHONE, body: "x", extra: 1 }), 400, "invalid_request");
    expect(await getDb().message.count({ where: { organizationId: s.organizationId } })).toBe(0);
  });
});
