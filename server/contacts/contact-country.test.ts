import { describe, expect, it } from "vitest";
import { countryOf } from "../billing/country-of";
import { countryFromStored, NO_COUNTRY, storedCountryOf } from "./contact-country";

// Numbers across the NANP's countries (one calling code, many countries: the hard case), the UK,
// India and elsewhere, plus numbers countryOf places nowhere (non-geographic codes, unassigned
// ranges such as the campaign benchmark's +1 415 0xx).
const NUMBERS = [
  "+12135550123", // US, Los Angeles
  "+14155550100", // US
  "+15005550006", // US, Twilio's magic number range
  "+18005550100", // toll free: US in libphonenumber
  "+16045550100", // CA
  "+14165550199", // CA
  "+12425550100", // BS
  "+18765550100", // JM
  "+17875550100", // PR
  "+18095550100", // DO
  "+12465550100", // BB
  "+18685550100", // TT
  "+16495550100", // TC
  "+447400123456", // GB mobile
  "+447911123456", // GG mobile (+44 7911)
  "+442079460000", // GB London
  "+447700900123", // GB drama range: no country
  "+441481250000", // GG (+44 shared)
  "+447624000000", // IM
  "+919876543210", // IN
  "+4915112345678", // DE
  "+33612345678", // FR
  "+61412345678", // AU
  "+5511912345678", // BR
  "+74951234567", // RU (+7 shared with KZ)
  "+77011234567", // KZ
  "+80012345678", // +800: non-geographic
  "+882345678901", // +882: non-geographic
  "+14150000000", // unassigned NANP exchange
  "+14150999999",
];

describe("contacts.country", () => {
  it.each(NUMBERS)("%s: the stored country answers as countryOf does", (n) => {
    const stored = storedCountryOf(n);
    expect(stored).toMatch(/^[A-Z]{2}$/);
    expect(countryFromStored(stored, n)).toBe(countryOf(n));
    // Not stored yet (rows from before the column): countryOf's own answer.
    expect(countryFromStored(null, n)).toBe(countryOf(n));
  });

  it("covers distinct countries inside +1 and +44 and numbers of no country", () => {
    const answers = new Set(NUMBERS.map((n) => countryOf(n)));
    for (const c of ["US", "CA", "BS", "JM", "PR", "DO", "GB", "GG", "IM", "IN", "KZ", null])
      expect(answers).toContain(c);
    expect(storedCountryOf("+80012345678")).toBe(NO_COUNTRY);
  });
});

describe("the campaign benchmark's seeded contacts (server/scripts/bench/campaigns.ts)", () => {
  // Its SQL stores ZZ below +1 415 200 0000 and US from there on: what the API would store.
  it.each([0, 1, 123_456, 999_999, 1_000_000, 1_999_999, 2_000_000, 5_555_555, 9_999_999])("+1415 %i", (g) => {
    const phone = `+1415${String(g).padStart(7, "0")}`;
    expect(storedCountryOf(phone)).toBe(g < 2_000_000 ? "ZZ" : "US");
  });
});
