import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { twilioSignature } from "./signature";
import { handleTwilioStatusCallback, type TwilioStatusCallbackResult } from "./status-callback";
import { ACCOUNT_SID, AUTH_TOKEN, carrier, message, submitOne, toClose, twilio, setupTestTwilio } from "./test-helpers";

setupTestTwilio();

describe("status callbacks (signed by the test server, received over HTTP)", () => {
  let receiver: Server;
  let receiverBase: string;
  const received: TwilioStatusCallbackResult[] = [];

  beforeEach(async () => {
    received.length = 0;
    // A small local route that does what the real one will: rebuild the URL, read the form, verify.
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
        const signature = req.headers["x-twilio-signature"];
        const result = handleTwilioStatusCallback({
          authToken: AUTH_TOKEN,
          url: `${receiverBase}${req.url ?? ""}`,
          params,
          signature: Array.isArray(signature) ? signature[0] : signature,
        });
        received.push(result);
        res.writeHead(result.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(result));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
    receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    toClose.push(
      () =>
        new Promise<void>((resolve) => {
          receiver.close(() => resolve());
          receiver.closeAllConnections();
        }),
    );
  });

  /** Submit one message through the carrier, then build the callback Twilio would send for it. */
  async function sentMessage() {
    const c = carrier({ statusCallbackUrl: `${receiverBase}/api/carriers/twilio/status` });
    const m = message();
    const result = await submitOne(c, m);
    expect(result.outcome).toBe("accepted");
    const created = twilio.created[0]!;
    const callback = (status: string, extra: Record<string, string> = {}) => ({
      SmsSid: created.sid,
      SmsStatus: status,
      MessageStatus: status,
      MessageSid: created.sid,
      AccountSid: ACCOUNT_SID,
      From: created.from,
      To: created.to,
      ApiVersion: "2010-04-01",
      ...extra,
    });
    return { m, sid: created.sid, url: created.statusCallback!, callback };
  }

  it("maps valid callbacks: queued/sending/sent → sent, delivered, undelivered with ErrorCode, failed, unknown ignored", async () => {
    const { m, sid, url, callback } = await sentMessage();
    const ids = { providerMessageId: sid, messageId: m.id };

    for (const status of ["queued", "sending", "sent"]) {
      const response = await twilio.sendStatusCallback(url, callback(status));
      expect(response.status).toBe(200);
      expect(received.at(-1)).toEqual({
        ok: true,
        status: 200,
        update: { kind: "sent", ...ids, twilioStatus: status },
      });
    }

    await twilio.sendStatusCallback(url, callback("delivered"));
    expect(received.at(-1)).toEqual({
      ok: true,
      status: 200,
      update: { kind: "receipt", ...ids, twilioStatus: "delivered", status: "DELIVERED" },
    });

    await twilio.sendStatusCallback(url, callback("undelivered", { ErrorCode: "30003" }));
    expect(received.at(-1)).toEqual({
      ok: true,
      status: 200,
      update: {
        kind: "receipt",
        ...ids,
        twilioStatus: "undelivered",
        status: "UNDELIVERED",
        errorCode: "twilio_30003",
        errorMessage: "Twilio 30003: Unreachable destination handset",
      },
    });

    await twilio.sendStatusCallback(url, callback("failed", { ErrorCode: "30008" }));
    expect(received.at(-1)).toMatchObject({
      ok: true,
      update: { status: "FAILED", errorCode: "twilio_30008", errorMessage: "Twilio 30008: Unknown error" },
    });

    const read = await twilio.sendStatusCallback(url, callback("read"));
    expect(read.status).toBe(200);
    expect(received.at(-1)).toEqual({
      ok: true,
      status: 200,
      update: { kind: "ignored", ...ids, twilioStatus: "read" },
    });
  });

  it("forged callbacks (wrong token, tampered params or URL) → 403 and nothing mapped", async () => {
    const { url, callback } = await sentMessage();
    const forged = twilioSignature("not-our-token", url, callback("delivered"));
    expect((await twilio.sendStatusCallback(url, callback("delivered"), { signature: forged })).status).toBe(403);

    // Signed as "undelivered", sent as "delivered".
    const signedOther = twilioSignature(AUTH_TOKEN, url, callback("undelivered"));
    const tampered = await twilio.sendStatusCallback(url, callback("delivered"), { signature: signedOther });
    expect(tampered.status).toBe(403);

    // Signature for another URL (e.g. another message's callback).
    const otherUrl = url.replace(/sg_message_id=[^&]+/, "sg_message_id=msg_other");
    const moved = twilioSignature(AUTH_TOKEN, otherUrl, callback("delivered"));
    expect((await twilio.sendStatusCallback(url, callback("delivered"), { signature: moved })).status).toBe(403);

    expect(received).toEqual([
      { ok: false, status: 403 },
      { ok: false, status: 403 },
      { ok: false, status: 403 },
    ]);
  });

  it("missing signature → 403", async () => {
    const { url, callback } = await sentMessage();
    const response = await twilio.sendStatusCallback(url, callback("delivered"), { signature: null });
    expect(response.status).toBe(403);
    expect(received).toEqual([{ ok: false, status: 403 }]);
  });

  it("a replayed callback maps to the same update (idempotent; the lifecycle fences the second one)", async () => {
    const { url, callback } = await sentMessage();
    const params = callback("undelivered", { ErrorCode: "30005" });
    const first = await twilio.sendStatusCallback(url, params);
    const second = await twilio.sendStatusCallback(url, params);
    expect(first).toEqual(second);
    expect(received[0]).toEqual(received[1]);
    expect(received[0]).toMatchObject({ ok: true, update: { status: "UNDELIVERED", errorCode: "twilio_30005" } });
  });

  it("a correctly signed callback without MessageSid or MessageStatus → 400", async () => {
    const { url } = await sentMessage();
    const response = await twilio.sendStatusCallback(url, { AccountSid: ACCOUNT_SID, MessageStatus: "delivered" });
    expect(response.status).toBe(400);
    expect(received[0]).toMatchObject({ ok: false, status: 400 });
  });

  it("checks the signature before reading any parameter (pure function)", () => {
    const result = handleTwilioStatusCallback({
      authToken: AUTH_TOKEN,
      url: "https://signalgate.example/cb",
      params: { MessageSid: "SM1", MessageStatus: "delivered" },
      signature: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=",
    });
    expect(result).toEqual({ ok: false, status: 403 });
  });
});
