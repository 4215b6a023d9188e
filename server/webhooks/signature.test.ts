import { createHmac, timingSafeEqual } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signStandardWebhook, signWebhookBody } from "./signature";

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
  it("is what the standardwebhooks library computes and verifies", async () => {
    const { Webhook } = await import("standardwebhooks");
    const secret = "whsec_known-answer-0123456789";
    const lib = new Webhook(Buffer.from(secret, "utf8").toString("base64"));
    const at = new Date("2026-11-25T10:00:00.000Z");
    const body = JSON.stringify({ id: "evt_1", text: "héllo 😀" });
    const ours = signStandardWebhook(secret, "evt_1", Math.floor(at.getTime() / 1000), body);
    expect(ours).toBe(lib.sign("evt_1", at, body));
    expect(ours).not.toBe(signStandardWebhook(secret, "evt_2", Math.floor(at.getTime() / 1000), body));
  });
});
