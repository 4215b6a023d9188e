// Standard Webhooks (contract §12) on real deliveries to a real HTTP receiver, verified with the
// `standardwebhooks` library itself and with the SDK, which refuses a replay with an old timestamp.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { verifyStandardWebhook, verifyWebhook } from "@/sdk/src/webhooks/standard";
import { constructEvent, WebhookVerificationError } from "@/sdk/src/webhooks/verify";
import { getDb } from "../db/client";
import { resetEnvForTests } from "../env";
import { SYSTEM_ACTOR } from "../audit/actor";
import { api, runPipeline, seedSender } from "../test/messaging";
import { startReceiver, type Received } from "../test/receiver";
import { createWebhook } from "./create-webhook";
import { deliverDueOnce } from "./deliveries/deliver-due-once";
import { testWebhook } from "./test-webhook";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

// The form the dashboard generates: whsec_ and 32 base62 characters (valid base64).
const SECRET = "whsec_StandardWebhooksTest0123456789ab";
const at = (path: string) => receiver.received.filter((r) => r.path === path);
const plainHeaders = (r: Received) =>
  Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));

describe("Standard Webhooks on real deliveries", () => {
  it("signs pipeline and test deliveries so that the standardwebhooks library verifies them", async () => {
    const s = await seedSender();
    const path = `/${s.organizationId}/std`;
    const webhook = await createWebhook(
      getDb(),
      s.organizationId,
      { name: "std", url: receiver.url(path), events: ["*"] as never, secret: SECRET },
      SYSTEM_ACTOR,
    );
    await api.send(s.testKey, { to: "+14155550123", body: "standard" });
    await runPipeline(s.organizationId);
    await deliverDueOnce({ organizationId: s.organizationId });
    const result = await testWebhook(getDb(), s.organizationId, webhook.id);
    expect(result.success).toBe(true);

    const got = at(path);
    expect(got.length).toBe(4); // queued, sent, delivered, webhook.test
    expect(got.map((r) => JSON.parse(r.body).event)).toContain("webhook.test");
    // contract §12: the secret exactly as shown, no re-encoding.
    const library = new Webhook(SECRET);
    for (const r of got) {
      const envelope = JSON.parse(r.body) as { id: string };
      expect(r.headers["webhook-id"]).toBe(envelope.id);
      expect(r.headers["webhook-id"]).toBe(r.headers["x-webhook-id"]);
      expect(r.headers["webhook-timestamp"]).toBe(r.headers["x-webhook-timestamp"]);
      expect(r.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      // The library checks the signature and the 5-minute tolerance; it throws on any mismatch.
      expect(library.verify(r.body, plainHeaders(r))).toEqual(JSON.parse(r.body));
      expect(verifyStandardWebhook(r.body, r.headers, SECRET)).toBe(true);
      expect(verifyWebhook(r.body, r.headers, SECRET)).toBe(true);
      expect(constructEvent(r.body, r.headers, SECRET).id).toBe(envelope.id);
      // The seed's signature is still there and still verifies.
      expect(constructEvent(r.body, r.headers["x-webhook-signature"] as string, SECRET).id).toBe(envelope.id);
    }
    // A changed body or another secret fails both.
    const first = got[0]!;
    expect(() => library.verify(first.body + " ", plainHeaders(first))).toThrow();
    expect(verifyStandardWebhook(first.body, first.headers, SECRET + "x")).toBe(false);
  });

  it("refuses a captured delivery replayed with its old timestamp, in the SDK and in the library", async () => {
    const s = await seedSender();
    const path = `/${s.organizationId}/replay`;
    const webhook = await createWebhook(
      getDb(),
      s.organizationId,
      { name: "replay", url: receiver.url(path), events: ["webhook.test"] as never, secret: SECRET },
      SYSTEM_ACTOR,
    );
    await testWebhook(getDb(), s.organizationId, webhook.id);
    const [captured] = at(path);
    expect(captured).toBeDefined();
    const sentAt = Number(captured!.headers["webhook-timestamp"]) * 1000;
    const sixMinutesLater = new Date(sentAt + 6 * 60_000);
    const fourMinutesLater = new Date(sentAt + 4 * 60_000);
    expect(verifyStandardWebhook(captured!.body, captured!.headers, SECRET, { now: fourMinutesLater })).toBe(true);
    expect(verifyStandardWebhook(captured!.body, captured!.headers, SECRET, { now: sixMinutesLater })).toBe(false);
    expect(verifyWebhook(captured!.body, captured!.headers, SECRET, { now: sixMinutesLater })).toBe(false);
    expect(() => constructEvent(captured!.body, captured!.headers, SECRET, { now: sixMinutesLater })).toThrow(
      WebhookVerificationError,
    );
    // Moving the timestamp forward to look fresh breaks the signature, which covers it.
    const forged = { ...plainHeaders(captured!), "webhook-timestamp": String(Math.floor(Date.now() / 1000) + 1) };
    expect(verifyStandardWebhook(captured!.body, forged, SECRET)).toBe(false);
    expect(() => new Webhook(SECRET).verify(captured!.body, forged)).toThrow();
  });
});
