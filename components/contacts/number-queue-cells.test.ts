import { describe, expect, it } from "vitest";
import { formatMps, formatWait } from "./number-queue-cells";

describe("the Numbers page's queue cells", () => {
  it("says how long a queue takes in the largest sensible units", () => {
    expect(formatWait(45)).toBe("45 s");
    expect(formatWait(720)).toBe("12 min");
    expect(formatWait(3600)).toBe("1 h");
    expect(formatWait(12_000)).toBe("3 h 20 min");
  });

  it("names a pace in segments per second", () => {
    expect(formatMps(1)).toBe("1 segment/s");
    expect(formatMps(0.5)).toBe("0.5 segments/s");
    expect(formatMps(100)).toBe("100 segments/s");
  });
});
