import { describe, expect, it } from "vitest";
import { matchesCountry, searchCountries, sortByName } from "./country-search";

const COUNTRIES = [
  { country: "US", name: "United States" },
  { country: "GB", name: "United Kingdom" },
  { country: "DE", name: "Germany" },
  { country: "AE", name: "United Arab Emirates" },
  { country: "CI", name: "Côte d’Ivoire" },
  { country: "AT", name: "Austria" },
  { country: "UA", name: "Ukraine" },
];

describe("the countries list", () => {
  it("is sorted by name", () => {
    expect(sortByName(COUNTRIES).map((c) => c.country)).toEqual(["AT", "CI", "DE", "UA", "AE", "GB", "US"]);
  });

  it("finds the United Kingdom by its name, code and common name", () => {
    for (const q of ["GB", "gb", "United Kingdom", "kingdom", "Britain", "England"]) {
      expect(
        searchCountries(COUNTRIES, q).map((c) => c.country),
        q,
      ).toEqual(["GB"]);
    }
    // "uk" is also the start of Ukraine: the exact match comes first.
    expect(searchCountries(COUNTRIES, "UK").map((c) => c.country)).toEqual(["GB", "UA"]);
  });

  it("matches names without accents, codes exactly, and a few other common names", () => {
    expect(matchesCountry({ country: "CI", name: "Côte d’Ivoire" }, "cote")).toBe(true);
    expect(matchesCountry({ country: "CI", name: "Côte d’Ivoire" }, "Ivory Coast")).toBe(true);
    expect(searchCountries(COUNTRIES, "USA").map((c) => c.country)).toEqual(["US"]);
    expect(searchCountries(COUNTRIES, "UAE").map((c) => c.country)).toEqual(["AE"]);
    expect(searchCountries(COUNTRIES, "united").map((c) => c.country)).toEqual(["AE", "GB", "US"]);
    expect(searchCountries(COUNTRIES, "de").map((c) => c.country)).toEqual(["DE"]);
    expect(searchCountries(COUNTRIES, "xyz")).toEqual([]);
    expect(searchCountries(COUNTRIES, " ").length).toBe(COUNTRIES.length);
  });
});
