import { describe, expect, it } from "vitest";
import { newId, randomBase62 } from "./ids";

describe("newId", () => {
  it("is the prefix, 8 characters of time and 16 random ones, all base62", () => {
    expect(newId("msg")).toMatch(/^msg_[0-9A-Za-z]{24}$/);
  });

  it("sorts by creation time across milliseconds, and never repeats", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(...Array.from({ length: 200 }, () => newId("evt")));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(new Set(ids).size).toBe(ids.length);
    const times = ids.map((id) => id.slice(4, 12));
    expect([...times].sort()).toEqual(times);
    expect(new Set(times).size).toBeGreaterThan(1);
  });
});

describe("randomBase62", () => {
  it("gives the asked length, for lengths past its scratch buffer too", () => {
    for (const length of [1, 16, 40, 64, 100])
      expect(randomBase62(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
  });

  it("uses every character about equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    const sample = randomBase62(62 * 2000);
    for (const ch of sample) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 2,000 expected per character; a biased mapping (byte % 62 over all 256 bytes) would give
    // the first 8 characters about 2,480.
    const values = [...counts.values()];
    expect(Math.min(...values)).toBeGreaterThan(1750);
    expect(Math.max(...values)).toBeLessThan(2250);
  });
});
