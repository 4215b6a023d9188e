import { describe, expect, it } from "vitest";
import { signWebhookBody } from "@/server/webhooks/signature";
import { constructEvent, isKnownEvent, verifyWebhookSignature, WebhookVerificationError } from "./verify";

const secret = "whsec_0123456789abcdefghijklmnopqrstuv";
const body = JSON.stringify({
  id: "evt_1",
  event: "message.delivered",
  timestamp: "2026-11-25T10:00:00.000Z",
  payload: { messageId: "msg_1", to: "+14155550123", status: "DELIVERED", deliveredAt: "2026-11-25T10:00:00.000Z" },
});

describe("verifyWebhookSignature", () => {
  it("accepts the server's signature over the raw body, as a string or as bytes", () => {
    const header = signWebhookBody(secret, body);
    expect(verifyWebhookSignature(body, header, secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body, "utf8"), header, secret)).toBe(true);
    expect(verifyWebhookSignature(new TextEncoder().encode(body), [header], secret)).toBe(true);
    expect(verifyWebhookSignature(body, header.toUpperCase().replace("SHA256=", "sha256="), secret)).toBe(true);
  });

  it("signs UTF-8 bytes: a body with non-ASCII characters verifies", () => {
    const unicode = JSON.stringify({ id: "e", event: "webhook.test", timestamp: "t", payload: { body: "héllo 👋" } });
    expect(verifyWebhookSignature(unicode, signWebhookBody(secret, unicode), secret)).toBe(true);
  });

  it("rejects another body, another secret, and re-serialized JSON", () => {
    const header = signWebhookBody(secret, body);
    expect(verifyWebhookSignature(body + " ", header, secret)).toBe(false);
    expect(verifyWebhookSignature(body, header, secret + "x")).toBe(false);
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 2), header, secret)).toBe(false);
  });

  it("is false, never a throw, on anything malformed", () => {
    const header = signWebhookBody(secret, body);
    const hex = header.slice("sha256=".length);
    const bad: unknown[][] = [
      [body, undefined, secret],
      [body, null, secret],
      [body, "", secret],
      [body, hex, secret],
      [body, `sha1=${hex}`, secret],
      [body, `sha256=${hex.slice(2)}`, secret],
      [body, `sha256=${hex}00`, secret],
      [body, `sha256=${"z".repeat(64)}`, secret],
      [body, [header, header], secret],
      [body, [], secret],
      [body, 42, secret],
      [body, header, ""],
      [body, header, undefined],
      [undefined, header, secret],
      [{ not: "a body" }, header, secret],
      [null, null, null],
    ];
    for (const args of bad) {
      expect(() => (verifyWebhookSignature as (...a: unknown[]) => boolean)(...args)).not.toThrow();
      expect((verifyWebhookSignature as (...a: unknown[]) => boolean)(...args)).toBe(false);
    }
  });
});

describe("constructEvent", () => {
  it("returns the envelope typed by its event name", () => {
    const event = constructEvent(body, signWebhookBody(secret, body), secret);
    expect(isKnownEvent(event)).toBe(true);
    if (event.event !== "message.delivered") throw new Error("wrong event");
    // Typed: payload is a MessageEventPayload here.
    expect(event.payload.deliveredAt).toBe("2026-11-25T10:00:00.000Z");
  });

  it("throws WebhookVerificationError on a bad signature or a body that is not an envelope", () => {
    expect(() => constructEvent(body, "sha256=" + "0".repeat(64), secret)).toThrow(WebhookVerificationError);
    const notJson = "not json";
    expect(() => constructEvent(notJson, signWebhookBody(secret, notJson), secret)).toThrow("not JSON");
    const notEnvelope = JSON.stringify({ hello: "world" });
    expect(() => constructEvent(notEnvelope, signWebhookBody(secret, notEnvelope), secret)).toThrow(
      "not an event envelope",
    );
  });

  it("passes an event it does not know through with its name", () => {
    const later = JSON.stringify({ id: "e", event: "campaign.finished", timestamp: "t", payload: {} });
    const event = constructEvent(later, signWebhookBody(secret, later), secret);
    expect(event.event).toBe("campaign.finished");
    expect(isKnownEvent(event)).toBe(false);
  });
});
