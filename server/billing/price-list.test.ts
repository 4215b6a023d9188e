import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { getCountries } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import {
  BUNDLED_PRICE_LIST,
  everyCountryPrice,
  loadPriceList,
  parsePriceList,
  PriceListError,
  pricePerSegment,
} from "./price-list";

describe("price list", () => {
  it("the bundled file prices every country libphonenumber knows, with a default row", () => {
    const list = loadPriceList(BUNDLED_PRICE_LIST);
    expect(list.version).toBe("sms-prices-2026-11.csv");
    for (const country of getCountries()) expect(list.byCountry.has(country), country).toBe(true);
    expect(list.defaultUnits).toBeGreaterThan(0);
    expect(pricePerSegment(list, "US")).toBe(79);
    expect(everyCountryPrice(list)).toHaveLength(getCountries().length);
  });

  it("a country without its own row, or no country at all, takes the default", () => {
    const list = parsePriceList("country,price_per_segment\ndefault,0.0500\nUS,0.0079\n", "t.csv");
    expect(pricePerSegment(list, "US")).toBe(79);
    expect(pricePerSegment(list, "FR")).toBe(500);
    expect(pricePerSegment(list, null)).toBe(500);
  });

  it("a free country stays free (0 is a price, not a missing one)", () => {
    const list = parsePriceList("country,price_per_segment\ndefault,0.0500\nUS,0.0000\n", "t.csv");
    expect(pricePerSegment(list, "US")).toBe(0);
  });

  it("reports every bad row at once, one line each", () => {
    const text = [
      "country,price",
      "US,0.0079",
      "US,0.0080",
      "ZZ,0.0100",
      "FR,0.01",
      "DE,-0.0100",
      "GB",
      "",
      "default,0.0500",
      "default,0.0600",
    ].join("\n");
    let error: unknown;
    try {
      parsePriceList(text, "bad.csv");
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(PriceListError);
    expect((error as PriceListError).problems).toEqual([
      'line 1: the header must be "country,price_per_segment"',
      "line 3: US appears twice",
      'line 4: "ZZ" is not a country code libphonenumber knows',
      'line 5: price "0.01" must have exactly four decimal places, e.g. 0.0079',
      'line 6: price "-0.0100" must have exactly four decimal places, e.g. 0.0079',
      "line 7: expected 2 columns, found 1",
      "line 8: empty line",
      "line 10: a second default row",
    ]);
    expect((error as Error).message.split("\n")).toHaveLength(9);
  });

  it("requires a default row, and says so for an unreadable file", () => {
    expect(() => parsePriceList("country,price_per_segment\nUS,0.0079\n", "t.csv")).toThrow(
      /"default" row is required/,
    );
    const dir = mkdtempSync(path.join(tmpdir(), "prices-"));
    expect(() => loadPriceList(path.join(dir, "missing.csv"))).toThrow(/cannot be read/);
    const file = path.join(dir, "ok.csv");
    writeFileSync(file, readFileSync(BUNDLED_PRICE_LIST, "utf8").replace("\n", "\r\n"));
    expect(loadPriceList(file).version).toBe("ok.csv");
  });
});
