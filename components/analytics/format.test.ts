import { describe, expect, it } from "vitest";
import { axisDuration, duration } from "./format";

describe("durations", () => {
  it("reads as ms, s, min and h", () => {
    expect(duration(850)).toBe("850 ms");
    expect(duration(2_400)).toBe("2.4 s");
    expect(duration(138_000)).toBe("2.3 min");
    expect(duration(null)).toBe("—");
  });

  it("stays on one line on a chart's axis (issue 39: '2.3 min' wrapped and was clipped)", () => {
    for (const ms of [850, 2_400, 138_000, 4_320_000]) {
      expect(axisDuration(ms)).not.toMatch(/[ \t\n]/);
      expect(axisDuration(ms).replace("\u00a0", " ")).toBe(duration(ms));
    }
  });
});
