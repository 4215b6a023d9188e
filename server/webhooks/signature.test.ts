import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signStandardWebhook, signWebhookBody, standardWebhookKey } from "./signature";

describe("webhook signature", () => {
  it("matches the known answer", () => {
    expect(signWebhookBody("It's a Secret to Everybody", "Hello, World!")).toBe(
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });

  it("signs the UTF-8 bytes of unicode bodies exactly", () => {
    const body = JSON.stringify({ text: "héllo 😀 日本語 e\u0301" });
    const expected = createHmac("sha256", "s3cret").update(Buffer.from(body, "utf8")).digest();
    const header = signWebhookBody("s3cret", body);
    expect(timingSafeEqual(Buffer.from(header.slice(7), "hex"), expected)).toBe(true);
    // One changed byte changes the signature.
    expect(signWebhookBody("s3cret", body.replace("é", "e"))).not.toBe(header);
  });
});

describe("Standard Webhooks signature", () => {
  const at = new Date("2026-11-25T10:00:00.000Z");
  const seconds = Math.floor(at.getTime() / 1000);
  const body = JSON.stringify({ id: "evt_1", text: "héllo 😀" });

  it("keys a whsec_<base64> secret by its decoded bytes: new Webhook(secret) verifies with the secret as shown", async () => {
    const { Webhook } = await import("standardwebhooks");
    // As the dashboard and the CLI generate them: whsec_ and 32 base62 characters.
    for (const secret of [
      "whsec_0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P",
      "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      "whsec_YWJjZA==",
    ]) {
      const ours = signStandardWebhook(secret, "evt_1", seconds, body);
      expect(ours).toBe(new Webhook(secret).sign("evt_1", at, body));
      expect(ours).not.toBe(signStandardWebhook(secret, "evt_2", seconds, body));
    }
    expect(standardWebhookKey("whsec_YWJjZA==")).toEqual(Buffer.from("abcd"));
  });

  it("keys any other secret by its UTF-8 bytes: new Webhook(base64(secret)) verifies", async () => {
    const { Webhook } = await import("standardwebhooks");
    // Not base64 ("-"), unpadded, no prefix, or nothing after the prefix.
    for (const secret of [
      "whsec_known-answer-0123456789",
      "whsec_abcdefghijklmnopq",
      "plain-secret-0123456789",
      "whsec_",
    ]) {
      const lib = new Webhook(Buffer.from(secret, "utf8").toString("base64"));
      expect(signStandardWebhook(secret, "evt_1", seconds, body)).toBe(lib.sign("evt_1", at, body));
      expect(standardWebhookKey(secret)).toEqual(Buffer.from(secret, "utf8"));
    }
  });

  it("leaves the seed's X-Webhook-Signature keyed by the secret's UTF-8 text, whatever its form", () => {
    const secret = "whsec_YWJjZA==";
    expect(signWebhookBody(secret, body)).toBe(
      `sha256=${createHmac("sha256", Buffer.from(secret, "utf8")).update(body, "utf8").digest("hex")}`,
    );
  });
});
