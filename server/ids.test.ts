import { describe, expect, it } from "vitest";
import { newId, randomBase62, smallestIdAt } from "./ids";

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

describe("smallestIdAt", () => {
  // Bytewise, as the id columns' COLLATE "C" compares (not the locale's order, where "a" < "B").
  const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

  it("sorts below every id made at that millisecond or later, above every id made before", () => {
    const at = new Date("2026-06-01T12:00:00.000Z");
    const floor = smallestIdAt("msg", at);
    expect(floor).toMatch(/^msg_[0-9A-Za-z]{8}$/);
    const random = (t: number, pick: "min" | "max") =>
      `msg_${smallestIdAt("msg", new Date(t)).slice(4)}${(pick === "min" ? "0" : "z").repeat(16)}`;
    for (const t of [at.getTime(), at.getTime() + 1, at.getTime() + 61_000, at.getTime() + 365 * 86_400_000]) {
      expect(bytewise(random(t, "min"), floor)).toBeGreaterThan(0);
    }
    for (const t of [at.getTime() - 1, at.getTime() - 62, at.getTime() - 3844, 0]) {
      expect(bytewise(random(t, "max"), floor)).toBeLessThan(0);
    }
  });

  it("agrees with newId: an id made now is at or above the floor of a moment ago, below the next millisecond's", () => {
    const before = new Date(Date.now() - 1);
    const id = newId("evt");
    const after = new Date(Date.now() + 1);
    expect(bytewise(id, smallestIdAt("evt", before))).toBeGreaterThan(0);
    expect(bytewise(id, smallestIdAt("evt", after))).toBeLessThan(0);
  });

  it("orders floors of increasing times bytewise, across base62's digit, upper and lower case runs", () => {
    // 61 → 62 carries a digit; 9→A and Z→a are where a locale collation would disagree with bytes.
    const times = [0, 9, 10, 35, 36, 61, 62, 3843, 3844, 1_700_000_000_000, 1_800_000_000_000];
    const floors = times.map((t) => smallestIdAt("aud", new Date(t)));
    expect([...floors].sort(bytewise)).toEqual(floors);
  });

  it("refuses an invalid time", () => {
    expect(() => smallestIdAt("msg", new Date(Number.NaN))).toThrow(/invalid time/);
  });
});
