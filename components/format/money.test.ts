import { describe, expect, it } from "vitest";
import { exactUsdTitle, formatUnitPrice, formatUsd } from "./money";

describe("totals, limits and spend in two decimals", () => {
  it("rounds half up to the cent, with thousands separators", () => {
    expect(formatUsd("25.0000")).toBe("$25.00");
    expect(formatUsd("0.0000")).toBe("$0.00");
    expect(formatUsd("0.0079")).toBe("$0.01");
    expect(formatUsd("0.0049")).toBe("$0.00");
    expect(formatUsd("0.0050")).toBe("$0.01");
    expect(formatUsd("1234.5650")).toBe("$1,234.57");
    expect(formatUsd("999999.9950")).toBe("$1,000,000.00");
    expect(formatUsd(250_000)).toBe("$25.00");
  });

  it("names the exact amount when cents hide it", () => {
    expect(exactUsdTitle("0.0079")).toBe("Exactly $0.0079");
    expect(exactUsdTitle("25.0000")).toBeUndefined();
    expect(exactUsdTitle("25.1000")).toBeUndefined();
  });

  it("refuses what is not money", () => {
    expect(() => formatUsd("25")).toThrow(RangeError);
    expect(() => formatUsd(-1)).toThrow(RangeError);
    expect(() => formatUsd(0.5)).toThrow(RangeError);
  });
});

describe("per-segment prices in four", () => {
  it("keeps every place", () => {
    expect(formatUnitPrice("0.0079")).toBe("$0.0079");
    expect(formatUnitPrice("1500.0000")).toBe("$1,500.0000");
    expect(formatUnitPrice(79)).toBe("$0.0079");
  });
});
