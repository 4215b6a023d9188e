import { describe, expect, it } from "vitest";
import { formatMoney, MAX_MONEY_UNITS, parseMoney } from "./money";

describe("money", () => {
  it("parses four-place amounts into integer units", () => {
    expect(parseMoney("0.0079")).toBe(79);
    expect(parseMoney("25.0000")).toBe(250_000);
    expect(parseMoney("1000000000.0000")).toBe(MAX_MONEY_UNITS);
  });

  it("refuses anything that is not exactly four places, signed, or out of range", () => {
    for (const bad of ["0.079", "0.00790", ".0079", "-1.0000", "01.0000", "1e3", "1000000000.0001", "", "1,0000"]) {
      expect(parseMoney(bad), bad).toBeUndefined();
    }
  });

  it("formats units back to the same text", () => {
    for (const text of ["0.0000", "0.0001", "0.0079", "12.3400", "1000000000.0000"]) {
      expect(formatMoney(parseMoney(text)!)).toBe(text);
    }
  });

  it("sums exactly where floating point would not", () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; in units it is exact.
    expect(formatMoney(parseMoney("0.1000")! + parseMoney("0.2000")!)).toBe("0.3000");
    expect(formatMoney(3 * parseMoney("0.0079")!)).toBe("0.0237");
  });

  it("refuses to format a fraction or a negative amount", () => {
    expect(() => formatMoney(0.5)).toThrow(RangeError);
    expect(() => formatMoney(-1)).toThrow(RangeError);
  });
});
