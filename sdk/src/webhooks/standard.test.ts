import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signStandardWebhook, signWebhookBody } from "@/server/webhooks/signature";
import { standardWebhookKey, verifyStandardWebhook, verifyWebhook } from "./standard";
import { constructEvent, WebhookVerificationError } from "./verify";

const secret = "whsec_0123456789abcdefghijklmnopqrstuv";
const body = JSON.stringify({ id: "evt_1", event: "webhook.test", timestamp: "2026-11-25T10:00:00.000Z", payload: {} });
const now = new Date("2026-11-25T10:00:00.000Z");
const ts = Math.floor(now.getTime() / 1000);

function headers(at = ts, id = "evt_1") {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(at),
    "webhook-signature": signStandardWebhook(secret, id, at, body),
    "x-webhook-id": id,
    "x-webhook-timestamp": String(at),
    "x-webhook-signature": signWebhookBody(secret, body),
  };
}

describe("Standard Webhooks verification", () => {
  it("accepts a fresh signature, from a plain object or a fetch Headers, as string or bytes", () => {
    expect(verifyStandardWebhook(body, headers(), secret, { now })).toBe(true);
    expect(verifyStandardWebhook(new TextEncoder().encode(body), new Headers(headers()), secret, { now })).toBe(true);
    // Several signatures (rotation): one match is enough.
    const h = headers();
    expect(
      verifyStandardWebhook(body, { ...h, "webhook-signature": `v1,AAAA ${h["webhook-signature"]}` }, secret, { now }),
    ).toBe(true);
  });

  it("refuses timestamps more than 5 minutes off either way, and honours a custom tolerance", () => {
    expect(verifyStandardWebhook(body, headers(ts - 300), secret, { now })).toBe(true);
    expect(verifyStandardWebhook(body, headers(ts - 301), secret, { now })).toBe(false);
    expect(verifyStandardWebhook(body, headers(ts + 301), secret, { now })).toBe(false);
    expect(verifyStandardWebhook(body, headers(ts - 301), secret, { now, toleranceSeconds: 600 })).toBe(true);
  });

  it("refuses another id, body, secret, version, or a missing header; never throws", () => {
    const h = headers();
    expect(verifyStandardWebhook(body, { ...h, "webhook-id": "evt_2" }, secret, { now })).toBe(false);
    expect(verifyStandardWebhook(body + " ", h, secret, { now })).toBe(false);
    expect(verifyStandardWebhook(body, h, secret + "x", { now })).toBe(false);
    expect(
      verifyStandardWebhook(body, { ...h, "webhook-signature": h["webhook-signature"].replace("v1,", "v2,") }, secret, {
        now,
      }),
    ).toBe(false);
    expect(verifyStandardWebhook(body, { ...h, "webhook-timestamp": undefined }, secret, { now })).toBe(false);
    expect(verifyStandardWebhook(body, { ...h, "webhook-timestamp": "soon" }, secret, { now })).toBe(false);
    for (const bad of [null, undefined, 42, "x"]) {
      expect(() => verifyStandardWebhook(body, bad as never, secret, { now })).not.toThrow();
      expect(verifyStandardWebhook(body, bad as never, secret, { now })).toBe(false);
    }
  });

  it("verifyWebhook and constructEvent take either scheme, with the 5-minute window on both", () => {
    const { ["webhook-signature"]: _s, ...seedOnly } = headers();
    expect(verifyWebhook(body, headers(), secret, { now })).toBe(true);
    expect(verifyWebhook(body, seedOnly, secret, { now })).toBe(true);
    expect(verifyWebhook(body, { ...seedOnly, "x-webhook-timestamp": String(ts - 301) }, secret, { now })).toBe(false);
    // A Standard signature that fails is not rescued by a valid seed signature.
    expect(verifyWebhook(body, { ...headers(), "webhook-id": "evt_2" }, secret, { now })).toBe(false);
    expect(constructEvent(body, headers(), secret, { now }).id).toBe("evt_1");
    expect(() => constructEvent(body, headers(ts - 3600), secret, { now })).toThrow(WebhookVerificationError);
    // The seed's header value alone still works as before.
    expect(constructEvent(body, signWebhookBody(secret, body), secret).id).toBe("evt_1");
  });

  it("verifies what the standardwebhooks library signs with the secret as shown (whsec_<base64> keyed by its bytes)", () => {
    const generated = "whsec_0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P";
    const signed = { "webhook-id": "evt_1", "webhook-timestamp": String(ts) };
    const sig = new Webhook(generated).sign("evt_1", now, body);
    expect(verifyStandardWebhook(body, { ...signed, "webhook-signature": sig }, generated, { now })).toBe(true);
    // Any other secret is keyed by its UTF-8 bytes, as new Webhook(base64(secret)) does.
    const custom = "my-own-secret-0123456789";
    const customSig = new Webhook(Buffer.from(custom).toString("base64")).sign("evt_1", now, body);
    expect(verifyStandardWebhook(body, { ...signed, "webhook-signature": customSig }, custom, { now })).toBe(true);
    expect(Buffer.from(standardWebhookKey("whsec_YWJjZA=="))).toEqual(Buffer.from("abcd"));
  });
});
