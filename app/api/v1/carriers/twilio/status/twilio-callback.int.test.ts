// Live messages through a Twilio-shaped API on loopback, and its signed status callbacks arriving
// over real HTTP at our route: valid ones move the message, forged ones are 403 and change nothing,
// replays change nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import type { LiveCarriers } from "@/server/carriers/live";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { twilioSignature } from "@/server/carriers/twilio/signature";
import { handOffQueued } from "@/server/messages/pipeline/hand-off";
import { applyTransitionsById } from "@/server/test/transitions";
import {
  applyStoredReceipts,
  pruneStoredReceipts,
  RECEIPT_WAIT_MS,
} from "@/server/messages/carrier-receipts/apply-stored";
import { api, eventsOf, seedSender } from "@/server/test/messaging";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { serveRoute } from "@/server/test/route-server";
import { call, expectError } from "@/server/test/http";
import * as route from "./route";

const SID = "AC11112222333344445555666677778888";
const TOKEN = "twilio-callback-test-token-0123456789";

let twilio: TestTwilioServer;
let callbacks: { baseUrl: string; close: () => Promise<void> };
let restore: () => Promise<void>;

beforeAll(async () => {
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  callbacks = await serveRoute((req) => route.POST(req));
  ({ restore } = (await useLiveCarriers({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: callbacks.baseUrl,
  })) as { live: LiveCarriers; restore: () => Promise<void> });
});

afterAll(async () => {
  await restore();
  await callbacks.close();
  await twilio.close();
});

/** A live message sent through the API and handed to the Twilio-shaped server: SENT with its sid. */
async function sentMessage(to = "+14155550123") {
  const sender = await seedSender();
  const res = await api.send(sender.liveKey, { to, body: "hello from twilio" });
  expect(res.status).toBe(202);
  while ((await handOffQueued({ organizationId: sender.organizationId })) > 0);
  const row = await getDb().message.findFirstOrThrow({ where: { id: res.json.messageId } });
  const created = twilio.created.find((c) => c.sid === row.providerMessageId)!;
  return { ...sender, row, created };
}

describe("Twilio status callbacks", () => {
  it("hands a live message to the API with a StatusCallback naming it, and a signed `delivered` moves it", async () => {
    const { organizationId, row, created } = await sentMessage();
    expect(row).toMatchObject({ status: "SENT", provider: "twilio" });
    expect(created).toMatchObject({ to: "+14155550123", body: "hello from twilio" });
    const callbackUrl = new URL(created.statusCallback!);
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${callbacks.baseUrl}/api/v1/carriers/twilio/status`);
    expect(callbackUrl.searchParams.get("sg_message_id")).toBe(row.id);

    const sent = await twilio.sendStatusCallback(created.statusCallback!, {
      MessageSid: created.sid,
      MessageStatus: "sent",
    });
    expect(sent.status).toBe(204);
    const delivered = await twilio.sendStatusCallback(created.statusCallback!, {
      MessageSid: created.sid,
      MessageStatus: "delivered",
    });
    expect(delivered.status).toBe(204);
    expect(await getDb().message.findFirstOrThrow({ where: { id: row.id } })).toMatchObject({ status: "DELIVERED" });

    // A replay of the same signed callback, and a late `sent`, change nothing.
    expect(
      (
        await twilio.sendStatusCallback(created.statusCallback!, {
          MessageSid: created.sid,
          MessageStatus: "delivered",
        })
      ).status,
    ).toBe(204);
    await twilio.sendStatusCallback(created.statusCallback!, { MessageSid: created.sid, MessageStatus: "sent" });
    const types = (await eventsOf(organizationId)).map((e) => e.type);
    expect(types).toEqual(["message.queued", "message.sent", "message.delivered"]);
    // The replay is not consumed by the final message: it waits for a SENT one, then is pruned.
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: created.sid } })).toBe(1);
    await pruneStoredReceipts(new Date(Date.now() + RECEIPT_WAIT_MS + 1000));
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: created.sid } })).toBe(0);
  });

  it("refuses forged and unsigned callbacks with 403 and changes nothing", async () => {
    const { organizationId, row, created } = await sentMessage();
    const params = { MessageSid: created.sid, MessageStatus: "undelivered", ErrorCode: "30003" };
    const forged = await twilio.sendStatusCallback(created.statusCallback!, params, {
      signature: twilioSignature("not-the-token", created.statusCallback!, params),
    });
    expect(forged.status).toBe(403);
    expect(JSON.parse(forged.body).error.code).toBe("forbidden");
    const unsigned = await twilio.sendStatusCallback(created.statusCallback!, params, { signature: null });
    expect(unsigned.status).toBe(403);
    // Signed for another URL (another message's callback): the signature covers the URL.
    const otherUrl = created.statusCallback!.replace(row.id, "msg_someoneelse");
    const moved = await twilio.sendStatusCallback(created.statusCallback!, params, {
      signature: twilioSignature(TOKEN, otherUrl, params),
    });
    expect(moved.status).toBe(403);

    expect(await getDb().message.findFirstOrThrow({ where: { id: row.id } })).toMatchObject({ status: "SENT" });
    expect((await eventsOf(organizationId)).map((e) => e.type)).toEqual(["message.queued", "message.sent"]);
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: created.sid } })).toBe(0);
  });

  it("maps undelivered and failed with Twilio's error code kept", async () => {
    const first = await sentMessage("+14155550124");
    const second = await sentMessage("+14155550125");
    await twilio.sendStatusCallback(first.created.statusCallback!, {
      MessageSid: first.created.sid,
      MessageStatus: "undelivered",
      ErrorCode: "30003",
    });
    await twilio.sendStatusCallback(second.created.statusCallback!, {
      MessageSid: second.created.sid,
      MessageStatus: "failed",
      ErrorCode: "30008",
    });
    expect(await getDb().message.findFirstOrThrow({ where: { id: first.row.id } })).toMatchObject({
      status: "UNDELIVERED",
      errorCode: "twilio_30003",
      errorMessage: expect.stringContaining("Unreachable destination handset"),
    });
    const failed = await getDb().message.findFirstOrThrow({ where: { id: second.row.id } });
    expect(failed).toMatchObject({ status: "FAILED", errorCode: "twilio_30008" });
    expect(failed.failedAt).not.toBeNull();
    expect((await eventsOf(second.organizationId)).map((e) => e.type)).toEqual([
      "message.queued",
      "message.sent",
      "message.failed",
    ]);
  });

  it("keeps a receipt that arrives before the hand-off recorded SENT, and applies it once SENT is recorded", async () => {
    const sender = await seedSender();
    const res = await api.send(sender.liveKey, { to: "+14155550126", body: "early" });
    const id: string = res.json.messageId;
    const path = `/api/v1/carriers/twilio/status?sg_message_id=${id}`;
    const params = { MessageSid: "SMearly0000000000000000000000000001", MessageStatus: "delivered" };
    const early = await twilio.sendStatusCallback(`${callbacks.baseUrl}${path}`, params);
    expect(early.status).toBe(204);
    expect(await getDb().message.findFirstOrThrow({ where: { id } })).toMatchObject({ status: "QUEUED" });
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: params.MessageSid } })).toBe(1);

    // The hand-off commits SENT with that sid (as if Twilio had answered slowly) …
    await applyTransitionsById(
      [{ messageId: id, from: "QUEUED", to: "SENT", provider: "twilio", providerMessageId: params.MessageSid }],
      new Date(),
    );
    // … and the pipeline's next round applies the waiting receipt.
    expect(await applyStoredReceipts(new Date())).toBeGreaterThanOrEqual(1);
    expect(await getDb().message.findFirstOrThrow({ where: { id } })).toMatchObject({ status: "DELIVERED" });
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: params.MessageSid } })).toBe(0);
  });

  it("answers 415 for a body that is not a form and 400 for a signed callback without a status", async () => {
    const wrongType = await call(route.POST, "/api/v1/carriers/twilio/status", {
      rawBody: JSON.stringify({ MessageSid: "SM1" }),
      headers: { "content-type": "application/json" },
    });
    expectError(wrongType, 415, "unsupported_media_type");
    const url = `${callbacks.baseUrl}/api/v1/carriers/twilio/status`;
    const incomplete = await twilio.sendStatusCallback(url, { MessageSid: "SM1" });
    expect(incomplete.status).toBe(400);
    expect(JSON.parse(incomplete.body).error.code).toBe("invalid_request");
  });
});
