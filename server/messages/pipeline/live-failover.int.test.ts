// SMS_PROVIDER=smpp,twilio through the pipeline: while the SMSC is down, live messages go to the
// Twilio-shaped API (SENT with provider "twilio"); once it is back, to the SMSC again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { startTestTwilioServer, type TestTwilioServer } from "../../carriers/twilio/test-twilio-server";
import { api, seedSender } from "../../test/messaging";
import { useLiveCarriers } from "../../test/live-carriers";
import { handOffQueued } from "./hand-off";

const SID = "AC99998888777766665555444433332222";
const TOKEN = "failover-test-token-0123456789abcdef";
let smsc: TestSmsc;
let twilio: TestTwilioServer;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-fo", password: "pw-fo" });
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp,twilio",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-fo",
    SMPP_PASSWORD: "pw-fo",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: "https://signalgate.example",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
  await twilio.close();
});

describe("live failover", () => {
  it("uses the second provider while the first is down, and each message is accepted by exactly one", async () => {
    const { organizationId, liveKey } = await seedSender();
    expect(live.describe().map((s) => s.provider)).toEqual(["smpp", "twilio"]);

    await smsc.crash();
    await waitFor(() => live.describe()[0]?.status !== "bound");
    const down = await api.bulk(liveKey, {
      messages: Array.from({ length: 5 }, (_, i) => ({ to: "+14155550170", body: `while-down-${i}` })),
    });
    while ((await handOffQueued({ organizationId })) > 0);
    const rows = await getDb().message.findMany({ where: { batchId: down.json.batchId } });
    expect(rows.map((r) => [r.status, r.provider])).toEqual(Array.from({ length: 5 }, () => ["SENT", "twilio"]));
    expect(twilio.created.filter((c) => c.body.startsWith("while-down-"))).toHaveLength(5);
    expect(live.describe()[0]).toMatchObject({ provider: "smpp", lastError: expect.any(String) });

    await smsc.restart();
    await waitFor(() => live.describe()[0]?.status === "bound", 10_000);
    const up = await api.send(liveKey, { to: "+14155550171", body: "back-up" });
    while ((await handOffQueued({ organizationId })) > 0);
    expect(await getDb().message.findFirstOrThrow({ where: { id: up.json.messageId } })).toMatchObject({
      status: "SENT",
      provider: "smpp",
    });
    expect(smsc.submits.map((s) => s.text)).toEqual(["back-up"]);
    expect(twilio.created.some((c) => c.body === "back-up")).toBe(false);
  });
});
