import { describe, expect, it } from "vitest";
import { linesByCountry } from "./statement-lines";

describe("a statement, one line per country", () => {
  it("adds a country's price changes into one line, in exact units", () => {
    const lines = linesByCountry({
      lines: [
        { country: "GB", pricePerSegment: "0.0400", messages: 2, segments: 3, amount: "0.1200" },
        { country: "US", pricePerSegment: "0.0079", messages: 3, segments: 3, amount: "0.0237" },
        { country: "US", pricePerSegment: "0.0083", messages: 1, segments: 2, amount: "0.0166" },
      ],
    });
    expect(lines).toEqual([
      { country: "GB", messages: 2, segments: 3, amountUnits: 1200, pricePerSegment: "0.0400" },
      { country: "US", messages: 4, segments: 5, amountUnits: 403, pricePerSegment: null },
    ]);
  });
});
