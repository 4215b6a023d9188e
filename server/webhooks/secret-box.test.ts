import { describe, expect, it } from "vitest";
import { generateWebhookSecret, openSecret, sealSecret } from "./secret-box";

describe("webhook secret box", () => {
  it("round-trips, never stores the plain secret, and detects tampering", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
    const sealed = sealSecret(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealSecret(secret)).not.toBe(sealed); // fresh IV each time
    expect(openSecret(sealed)).toBe(secret);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => openSecret(parts.join("."))).toThrow();
  });
});
