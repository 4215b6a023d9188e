// The SDK's scheduling methods against the real production server (contract §11): sendAt on send
// and bulk, cancel one (then not_cancelable), cancel a batch, and status=SCHEDULED in history.
import { expect, test } from "@playwright/test";
import { isSignalGateError, SignalGate } from "../sdk/src/index.js";
import { DATABASES } from "./helpers";
import { ALL_PERMISSIONS, newAccount } from "./sdk-helpers";

const TO = "+14155550123";

for (const { suffix, baseUrl } of DATABASES) {
  test(`SDK: schedule, list SCHEDULED, cancel one and a batch${suffix}`, async () => {
    const { management } = await newAccount(baseUrl);
    const key = await management.apiKeys.create({
      name: "sched",
      environment: "test",
      permissions: [...ALL_PERMISSIONS],
    });
    const sg = new SignalGate({ baseUrl, apiKey: key.rawKey });
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();

    const sent = await sg.sms.send({ to: TO, body: "later", sendAt });
    expect(sent).toMatchObject({ status: "SCHEDULED", sendAt });
    const bulk = await sg.sms.bulk({
      messages: [
        { to: TO, body: "a" },
        { to: "+14155550124", body: "b" },
      ],
      sendAt,
    });
    expect(bulk.messages.map((m) => m.status)).toEqual(["SCHEDULED", "SCHEDULED"]);

    const scheduled = [];
    for await (const m of sg.sms.list({ status: "SCHEDULED" })) scheduled.push(m.messageId);
    expect(scheduled).toHaveLength(3);

    const canceled = await sg.sms.cancel(sent.messageId);
    expect(canceled).toMatchObject({ status: "CANCELED", price: "0.0000" });
    const again = await sg.sms.cancel(sent.messageId).catch((e: unknown) => e);
    expect(isSignalGateError(again) && again.code).toBe("not_cancelable");
    expect(await sg.sms.cancelBatch(bulk.batchId!)).toEqual({ batchId: bulk.batchId, canceled: 2 });
    expect((await sg.sms.batch(bulk.batchId!)).counts).toMatchObject({ SCHEDULED: 0, CANCELED: 2 });

    const tooSoon = await sg.sms.send({ to: TO, body: "x", sendAt: new Date().toISOString() }).catch((e: unknown) => e);
    expect(isSignalGateError(tooSoon) && tooSoon.code).toBe("invalid_send_at");
  });
}
