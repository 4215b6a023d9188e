import { describe, expect, it } from "vitest";
import { customRange, presetRange } from "./range";

describe("analytics ranges", () => {
  const now = new Date("2026-11-25T10:20:00Z");

  it("presets end with the current bucket and stay within the API's limits", () => {
    expect(presetRange("24h", now)).toEqual({
      from: new Date("2026-11-24T11:00:00Z"),
      to: new Date("2026-11-25T11:00:00Z"),
      granularity: "hour",
    });
    expect(presetRange("7d", now)).toEqual({
      from: new Date("2026-11-19T00:00:00Z"),
      to: new Date("2026-11-26T00:00:00Z"),
      granularity: "day",
    });
    expect(presetRange("90d", now).granularity).toBe("day");
  });

  it("custom ranges are whole days, by hour when short, refused when upside down or too long", () => {
    expect(customRange("2026-11-01", "2026-11-02")).toMatchObject({ granularity: "hour" });
    expect(customRange("2026-11-01", "2026-11-30")).toEqual({
      from: new Date("2026-11-01T00:00:00Z"),
      to: new Date("2026-12-01T00:00:00Z"),
      granularity: "day",
    });
    expect(customRange("2026-11-02", "2026-11-01")).toEqual({ error: "The last day is before the first." });
    expect(customRange("2024-01-01", "2026-11-01")).toEqual({ error: "At most 400 days." });
    expect(customRange("", "2026-11-01")).toEqual({ error: "Pick both days." });
  });
});
