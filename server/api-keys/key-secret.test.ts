import { describe, expect, it } from "vitest";
import { generateKeySecret, hashKeySecret, KEY_SHAPE } from "./key-secret";

describe("generateKeySecret", () => {
  it("makes prefixed base62 secrets with a display prefix and a SHA-256 hash", () => {
    const s = generateKeySecret("live");
    expect(s.raw).toMatch(KEY_SHAPE);
    expect(s.raw).toMatch(/^sg_live_[0-9A-Za-z]{40}$/);
    expect(s.prefix).toBe(`${s.raw.slice(0, 12)}…`);
    expect(s.hash).toBe(hashKeySecret(s.raw));
    expect(s.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(generateKeySecret("test").raw).toMatch(/^sg_test_/);
  });

  it("does not repeat and uses the whole alphabet", () => {
    const secrets = Array.from({ length: 500 }, () => generateKeySecret("test").raw.slice(8));
    expect(new Set(secrets).size).toBe(500);
    const chars = new Set(secrets.join(""));
    expect(chars.size).toBe(62);
  });
});
