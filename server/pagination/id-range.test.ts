import { describe, expect, it } from "vitest";
import { newId } from "../ids";
import { idRange } from "./id-range";

describe("idRange", () => {
  it("turns a creation-time range into the ids created in it", () => {
    const before = newId("msg");
    const from = new Date(Date.now() + 5);
    const until = new Date(from.getTime() + 60_000);
    const range = idRange("msg", { from, until })!;
    expect(before < range.gte!).toBe(true);
    expect(range.gte! < range.lt!).toBe(true);
  });

  it("keeps the tighter upper bound of a cursor and an end date", () => {
    const until = new Date("2026-11-25T00:00:00Z");
    const early = idRange("msg", { until })!.lt!;
    expect(idRange("msg", { until, before: "msg_0" })).toEqual({ lt: "msg_0" });
    expect(idRange("msg", { until, before: "msg_zzzzzzzz" })).toEqual({ lt: early });
  });

  it("is no condition at all without bounds", () => {
    expect(idRange("msg", {})).toBeUndefined();
  });
});
