// Twilio's incoming-message webhook over real HTTP at our route (contract §10): a signed message is
// stored for the organization owning To, with message.received and keywords, answered with an
// empty TwiML <Response/>; forged, unsigned and re-targeted requests are 403 and store nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { twilioSignature } from "@/server/carriers/twilio/signature";
import { eventsOf, seedSender } from "@/server/test/messaging";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { serveRoute } from "@/server/test/route-server";
import * as route from "./route";

const SID = "AC11112222333344445555666677770017";
const TOKEN = "twilio-inbound-test-token-0123456789";
const PHONE = "+14155550199";

let twilio: TestTwilioServer;
let server: { baseUrl: string; close: () => Promise<void> };
let restore: () => Promise<void>;
let url: string;

beforeAll(async () => {
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  server = await serveRoute((req) => route.POST(req));
  url = `${server.baseUrl}/api/v1/carriers/twilio/inbound`;
  ({ restore } = await useLiveCarriers({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: server.baseUrl,
  }));
});

afterAll(async () => {
  await restore();
  await server.close();
  await twilio.close();
});

let seq = 0;
async function receiver() {
  const sender = await seedSender();
  const number = `+1628555${String(process.pid % 100).padStart(2, "0")}${String(seq++).padStart(2, "0")}`;
  await getDb().phoneNumber.create({ data: { number, organizationId: sender.organizationId } });
  return { ...sender, number };
}

const form = (to: string, body: string, sid = `SM${Math.random().toString(16).slice(2)}`) => ({
  MessageSid: sid,
  AccountSid: SID,
  From: PHONE,
  To: to,
  Body: body,
  NumMedia: "0",
});

const inboundOf = (organizationId: string) =>
  getDb().message.findMany({ where: { organizationId, direction: "inbound" }, orderBy: { id: "asc" } });

describe("Twilio inbound webhook", () => {
  it("stores a signed message for the number's organization and answers an empty TwiML <Response/>", async () => {
    const r = await receiver();
    const params = form(r.number, "Hi, is the shop open?", "SMinbound0001" + r.number.slice(1));
    const res = await twilio.sendStatusCallback(url, params);
    expect(res.status).toBe(200);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const [row] = await inboundOf(r.organizationId);
    expect(row).toMatchObject({
      direction: "inbound",
      status: "RECEIVED",
      environment: "live",
      from: PHONE,
      to: r.number,
      body: "Hi, is the shop open?",
      provider: "twilio",
      providerMessageId: params.MessageSid,
    });
    const [event] = (await eventsOf(r.organizationId)).filter((e) => e.type === "message.received");
    expect(event!.payload).toMatchObject({ messageId: row!.id, body: "Hi, is the shop open?" });
    // Twilio retries: the same MessageSid again is answered the same and stored once.
    expect((await twilio.sendStatusCallback(url, params)).status).toBe(200);
    expect(await inboundOf(r.organizationId)).toHaveLength(1);
  });

  it("handles a STOP: the sender is opted out and the confirmation is queued from the number", async () => {
    const r = await receiver();
    expect((await twilio.sendStatusCallback(url, form(r.number, "STOP"))).status).toBe(200);
    expect(await getDb().contactOptOut.findMany({ where: { organizationId: r.organizationId } })).toEqual([
      expect.objectContaining({ phone: PHONE, source: "keyword" }),
    ]);
    const replies = await getDb().message.findMany({
      where: { organizationId: r.organizationId, direction: "outbound" },
    });
    expect(replies.map((m) => [m.to, m.from, m.environment])).toEqual([[PHONE, r.number, "live"]]);
  });

  it("refuses forged, unsigned and re-targeted requests with 403, storing nothing", async () => {
    const r = await receiver();
    const params = form(r.number, "forged STOP? no: plain text");
    const forged = await twilio.sendStatusCallback(url, params, {
      signature: twilioSignature("not-the-token", url, params),
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).error.code).toBe("forbidden");
    expect((await twilio.sendStatusCallback(url, params, { signature: null })).status).toBe(403);
    // Signed over other parameters (another number): the signature covers every parameter.
    const tampered = await twilio.sendStatusCallback(url, params, {
      signature: twilioSignature(TOKEN, url, { ...params, To: "+16285550000" }),
    });
    expect(tampered.status).toBe(403);
    // Signed for another URL.
    const elsewhere = await twilio.sendStatusCallback(url, params, {
      signature: twilioSignature(TOKEN, `${server.baseUrl}/api/v1/carriers/twilio/status`, params),
    });
    expect(elsewhere.status).toBe(403);
    expect(await inboundOf(r.organizationId)).toEqual([]);
    expect(await eventsOf(r.organizationId)).toEqual([]);
  });

  it("drops a signed message to a number no organization owns (200, nothing stored)", async () => {
    const params = form("+16285559999", "hello?");
    expect((await twilio.sendStatusCallback(url, params)).status).toBe(200);
    expect(await getDb().message.count({ where: { providerMessageId: params.MessageSid } })).toBe(0);
  });

  it("answers 400 to a signed request without From, To or MessageSid", async () => {
    const params = { MessageSid: "SMx", AccountSid: SID, Body: "no numbers" };
    expect((await twilio.sendStatusCallback(url, params)).status).toBe(400);
  });
});
