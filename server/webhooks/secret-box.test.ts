import { describe, expect, it } from "vitest";
import { openSecret, sealSecret } from "./secret-box";

describe("webhook secret box", () => {
  it("round-trips, never stores the plain secret, and detects tampering", () => {
    const secret = "whsec_3kV9qLx0Tz7mWb2Rc8Nf5Hd1Jp4Ys6Ga";
    const sealed = sealSecret(secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(sealSecret(secret)).not.toBe(sealed); // fresh IV each time
    expect(openSecret(sealed)).toBe(secret);
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => openSecret(parts.join("."))).toThrow();
  });
});
