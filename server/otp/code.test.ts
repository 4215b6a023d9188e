import { describe, expect, it } from "vitest";
import { generateOtpCode, hashOtpCode, otpCodeMatches } from "./code";

describe("OTP codes", () => {
  it("are digits of the asked length, leading zeros included, and look uniform", () => {
    for (const length of [4, 6, 10]) expect(generateOtpCode(length)).toMatch(new RegExp(`^\\d{${length}}$`));
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < 2000; i++) for (const d of generateOtpCode(10)) counts[Number(d)]! += 1;
    // 20,000 digits: each should be near 2,000; a biased generator (e.g. modulo of a byte) drifts.
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(250);
  });

  it("are stored as an HMAC bound to the OTP id, and compared in constant time", () => {
    const hash = hashOtpCode("otp_a", "123456");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("123456");
    expect(otpCodeMatches("otp_a", "123456", hash)).toBe(true);
    expect(otpCodeMatches("otp_a", "123457", hash)).toBe(false);
    // The same code under another id hashes differently: a copied hash verifies nowhere else.
    expect(hashOtpCode("otp_b", "123456")).not.toBe(hash);
    expect(otpCodeMatches("otp_b", "123456", hash)).toBe(false);
    expect(otpCodeMatches("otp_a", "123456", "abcd")).toBe(false);
  });
});
