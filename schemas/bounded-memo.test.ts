import { describe, expect, it } from "vitest";
import { BoundedMemo } from "./bounded-memo";

describe("BoundedMemo", () => {
  it("computes a key once while it stays recent", () => {
    const memo = new BoundedMemo<string, number>(3);
    let calls = 0;
    const length = (s: string) => (calls++, s.length);
    expect(memo.get("abc", length)).toBe(3);
    expect(memo.get("abc", length)).toBe(3);
    expect(calls).toBe(1);
  });

  it("never holds more than two generations, and keeps what was used last", () => {
    const memo = new BoundedMemo<number, number>(2);
    const computed: number[] = [];
    const square = (n: number) => (computed.push(n), n * n);
    for (const n of [1, 2, 3, 4, 5]) memo.get(n, square);
    expect(memo.size).toBeLessThanOrEqual(4);
    // 1 and 2 were dropped with the oldest generation; 4 and 5 are still there.
    memo.get(4, square);
    memo.get(5, square);
    memo.get(1, square);
    expect(computed).toEqual([1, 2, 3, 4, 5, 1]);
  });

  it("moves an entry used from the older generation to the newer one", () => {
    const memo = new BoundedMemo<string, string>(2);
    const computed: string[] = [];
    const upper = (s: string) => (computed.push(s), s.toUpperCase());
    memo.get("a", upper);
    memo.get("b", upper); // young: a, b
    memo.get("c", upper); // old: a, b; young: c
    memo.get("a", upper); // from old into young: c, a
    memo.get("d", upper); // old: c, a; young: d — "b" is gone, "a" survived
    memo.get("a", upper);
    memo.get("b", upper);
    expect(computed).toEqual(["a", "b", "c", "d", "b"]);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new BoundedMemo(0)).toThrow();
    expect(() => new BoundedMemo(1.5)).toThrow();
  });
});
