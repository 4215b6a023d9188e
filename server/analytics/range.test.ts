import { describe, expect, it } from "vitest";
import { wholeDays } from "./range";

const at = (iso: string) => new Date(iso);
const days = (from: string, to: string) => {
  const d = wholeDays(at(from), at(to));
  return [d.from.toISOString(), d.to.toISOString()];
};

describe("wholeDays", () => {
  it("is the range itself when it starts and ends at midnight", () => {
    expect(days("2026-08-27T00:00:00Z", "2026-11-25T00:00:00Z")).toEqual([
      "2026-08-27T00:00:00.000Z",
      "2026-11-25T00:00:00.000Z",
    ]);
  });

  it("leaves out the partial days at either end", () => {
    expect(days("2026-11-20T10:00:00Z", "2026-11-23T06:00:00Z")).toEqual([
      "2026-11-21T00:00:00.000Z",
      "2026-11-23T00:00:00.000Z",
    ]);
  });

  it("keeps a last day whose last hour starts before `to` (an hour counts by its start)", () => {
    expect(days("2026-11-20T00:00:00Z", "2026-11-21T23:00:00.001Z")).toEqual([
      "2026-11-20T00:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
    ]);
    expect(days("2026-11-20T00:00:00Z", "2026-11-21T23:00:00Z")).toEqual([
      "2026-11-20T00:00:00.000Z",
      "2026-11-21T00:00:00.000Z",
    ]);
  });

  it("drops a first day that starts before `from`, even by a millisecond", () => {
    expect(days("2026-11-20T00:00:00.001Z", "2026-11-22T00:00:00Z")).toEqual([
      "2026-11-21T00:00:00.000Z",
      "2026-11-22T00:00:00.000Z",
    ]);
  });

  it("is empty, at `to`, when no day is whole", () => {
    expect(days("2026-11-20T10:00:00Z", "2026-11-21T09:00:00Z")).toEqual([
      "2026-11-21T09:00:00.000Z",
      "2026-11-21T09:00:00.000Z",
    ]);
    expect(days("2026-11-20T01:00:00Z", "2026-11-21T00:00:00Z")).toEqual([
      "2026-11-21T00:00:00.000Z",
      "2026-11-21T00:00:00.000Z",
    ]);
  });
});
