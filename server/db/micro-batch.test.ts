import { describe, expect, it } from "vitest";
import { MicroBatcher } from "./micro-batch";

const failure = (code?: string) => Object.assign(new Error(code ?? "no code"), code ? { code } : {});

/** A batcher whose statement of several items fails with `error`; single items succeed unless odd. */
function failingBatcher(error: Error) {
  const singles: number[] = [];
  const batcher = new MicroBatcher<number, number>(
    async () => {
      throw error;
    },
    async (n) => {
      singles.push(n);
      if (n % 2 === 1) throw failure("23503");
      return n * 10;
    },
  );
  return { batcher, singles };
}

describe("MicroBatcher", () => {
  it("writes items added in the same turn together and answers each in order", async () => {
    const seen: number[][] = [];
    const batcher = new MicroBatcher<number, number>(
      async (items) => (seen.push(items), items.map((n) => n + 1)),
      async (n) => n + 1,
    );
    expect(await Promise.all([1, 2, 3].map((n) => batcher.add(n)))).toEqual([2, 3, 4]);
    expect(seen).toEqual([[1, 2, 3]]);
  });

  it("with maxInFlight, items arriving one turn at a time while a statement runs go together in the next", async () => {
    const seen: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const write = async (items: number[]) => {
      seen.push(items);
      if (seen.length === 1) await gate;
      return items;
    };
    const batcher = new MicroBatcher<number, number>(write, async (n) => (await write([n]))[0]!, 200, 1);
    const first = batcher.add(0);
    await new Promise((r) => setImmediate(r)); // the first statement is running
    const later: Promise<number>[] = [];
    for (const n of [1, 2, 3]) {
      later.push(batcher.add(n));
      await new Promise((r) => setImmediate(r)); // each on a turn of its own
    }
    expect(seen).toEqual([[0]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([0, 1, 2, 3]);
    expect(seen).toEqual([[0], [1, 2, 3]]);
  });

  it("retries one by one after a data or integrity error, so only the bad item fails", async () => {
    const { batcher, singles } = failingBatcher(failure("23503"));
    const results = await Promise.allSettled([2, 3, 4].map((n) => batcher.add(n)));
    expect(singles).toEqual([2, 3, 4]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(batcher.stats.fallbacks).toBe(1);
  });

  it.each([
    ["a connection error", failure("ECONNREFUSED")],
    ["an error without a code", failure()],
    ["a shutdown", failure("57P01")],
  ])("answers every item with %s at once, without a retry per item", async (_, error) => {
    const { batcher, singles } = failingBatcher(error);
    const results = await Promise.allSettled([2, 4, 6].map((n) => batcher.add(n)));
    expect(singles).toEqual([]);
    expect(results.every((r) => r.status === "rejected" && r.reason === error)).toBe(true);
    expect(batcher.stats.fallbacks).toBe(0);
  });
});
