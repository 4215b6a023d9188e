import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "../logger";
import { isolateBatch, type FailedItem } from "./isolate-batch";
import { isolateItem } from "./isolate-item";

const describeItem = (id: number) => ({ runner: "test", kind: "number", id: String(id) });
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

beforeEach(() => {
  vi.spyOn(logger, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** A batch worker that fails whenever a part holds a bad item, recording what went through. */
function worker(bad: (n: number) => boolean, error: () => unknown = () => new Error("bad item")) {
  const done: number[] = [];
  let runs = 0;
  return {
    done,
    runs: () => runs,
    work: async (items: readonly number[]) => {
      runs++;
      if (items.some(bad)) throw error();
      done.push(...items);
    },
  };
}

describe("isolateBatch", () => {
  it("finds the bad items by halves: every other item is done, those are set aside once, logged with their stack", async () => {
    const w = worker((n) => n === 137 || n === 400);
    const setAside: FailedItem<number>[][] = [];
    const failed = await isolateBatch({
      items: range(500),
      describe: describeItem,
      work: w.work,
      setAside: async (f) => void setAside.push(f),
    });
    expect(failed.map((f) => f.item)).toEqual([137, 400]);
    expect([...w.done].sort((a, b) => a - b)).toEqual(range(500).filter((n) => n !== 137 && n !== 400));
    expect(setAside).toEqual([failed]);
    expect(failed[0]!.failure.reference).toMatch(/^err_/);
    expect(failed[0]!.failure.message).toBe("bad item");
    // Two bad items among 500: a few dozen statements, not 500.
    expect(w.runs()).toBeLessThan(40);
    const logged = vi.mocked(logger.error).mock.calls.map(([, fields]) => fields);
    expect(logged).toContainEqual(
      expect.objectContaining({ id: "137", errorReference: failed[0]!.failure.reference, stack: expect.any(String) }),
    );
  });

  it("a batch that fails whatever it holds is not the items' fault: thrown, nothing set aside", async () => {
    const w = worker(() => true);
    const setAside = vi.fn();
    await expect(isolateBatch({ items: range(500), describe: describeItem, work: w.work, setAside })).rejects.toThrow(
      "bad item",
    );
    expect(setAside).not.toHaveBeenCalled();
    expect(w.runs()).toBeLessThan(20);
  });

  it("two bad items first, the rest fine: still the items' fault", async () => {
    const w = worker((n) => n < 2);
    const failed = await isolateBatch({ items: range(8), describe: describeItem, work: w.work, setAside: vi.fn() });
    expect(failed.map((f) => f.item)).toEqual([0, 1]);
    expect(w.done.sort()).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it("a transient database error is thrown at once (the pass is retried)", async () => {
    const transient = Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" });
    const w = worker(
      (n) => n === 3,
      () => transient,
    );
    const setAside = vi.fn();
    await expect(isolateBatch({ items: range(8), describe: describeItem, work: w.work, setAside })).rejects.toBe(
      transient,
    );
    expect(w.runs()).toBe(1);
    expect(setAside).not.toHaveBeenCalled();
  });
});

describe("isolateItem", () => {
  it("an item's error: set aside with its reference, and the runner goes on", async () => {
    const setAside = vi.fn(async () => {});
    const result = await isolateItem(
      describeItem(1),
      async () => {
        throw new TypeError('The "path" argument must be of type string. Received type number');
      },
      setAside,
    );
    expect(result).toMatchObject({ ok: false, failure: { reference: expect.stringMatching(/^err_/) } });
    expect(setAside).toHaveBeenCalledWith((result as { failure: unknown }).failure);
  });

  it("a transient database error is thrown; a set-aside that fails is logged, not thrown", async () => {
    const transient = { code: "40P01", message: "deadlock detected" };
    await expect(isolateItem(describeItem(1), () => Promise.reject(transient), vi.fn())).rejects.toBe(transient);
    const result = await isolateItem(
      describeItem(2),
      () => Promise.reject(new Error("bad")),
      () => Promise.reject(new Error("cannot write either")),
    );
    expect(result.ok).toBe(false);
    expect(vi.mocked(logger.error).mock.calls.map(([message]) => message)).toContain(
      "runner item could not be set aside; it is tried again later",
    );
  });
});
