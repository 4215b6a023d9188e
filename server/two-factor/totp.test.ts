import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Secret } from "otpauth";
import { hashRecoveryCode, newRecoveryCode, newTotpSecret, totpCodeAt, totpStep } from "./totp";

// RFC 6238 appendix B's SHA-1 secret, "12345678901234567890" in ASCII.
const RFC_SECRET = Secret.fromLatin1("12345678901234567890").base32;

describe("TOTP", () => {
  it("matches RFC 6238's SHA-1 test vectors (last 6 digits)", () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe("287082");
    expect(totpCodeAt(RFC_SECRET, new Date(1111111109_000))).toBe("081804");
    expect(totpCodeAt(RFC_SECRET, new Date(2000000000_000))).toBe("279037");
  });

  it("accepts one step either way and nothing further, and names the step", () => {
    const now = new Date(1_800_000_015_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, now), now)).toBe(step);
    expect(totpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(totpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(totpStep(RFC_SECRET, totpCodeAt(RFC_SECRET, new Date(now.getTime() - 60_000)), now)).toBeNull();
    expect(totpStep(RFC_SECRET, "12345", now)).toBeNull();
    expect(totpStep(RFC_SECRET, "abcdef", now)).toBeNull();
  });

  it("makes 160-bit secrets and an otpauth URL with SHA-1, 6 digits and 30 s", () => {
    const { secret, otpauthUrl } = newTotpSecret("ada@example.com");
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("algorithm")).toBe("SHA1");
    expect(url.searchParams.get("digits")).toBe("6");
    expect(url.searchParams.get("period")).toBe("30");
    expect(url.searchParams.get("issuer")).toBe("SignalGate");
    // The code is the RFC's HOTP over the step: computed here independently.
    const at = new Date(1_800_000_000_000);
    const mac = createHmac("sha1", Buffer.from(Secret.fromBase32(secret).bytes));
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
    const h = mac.update(counter).digest();
    const o = h[19]! & 0xf;
    const bin = ((h[o]! & 0x7f) << 24) | (h[o + 1]! << 16) | (h[o + 2]! << 8) | h[o + 3]!;
    expect(totpCodeAt(secret, at)).toBe(String(bin % 1_000_000).padStart(6, "0"));
  });

  it("recovery codes are random and hashed whatever the case or dashes", () => {
    const codes = new Set(Array.from({ length: 100 }, newRecoveryCode));
    expect(codes.size).toBe(100);
    const [code] = codes;
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(code!.toUpperCase().replace("-", " "))).toBe(hashRecoveryCode(code!));
    expect(hashRecoveryCode(code!)).not.toContain(code!.slice(0, 5));
  });
});
