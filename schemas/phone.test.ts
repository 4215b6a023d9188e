import { describe, expect, it } from "vitest";
import { E164, phoneNumberSchema, validatePhoneNumber } from "./phone";

describe("validatePhoneNumber: valid numbers", () => {
  it.each([
    ["+14155550123", "US documentation example"],
    ["+15005550001", "sandbox magic: FAILED"],
    ["+15005550002", "sandbox magic: UNDELIVERED"],
    ["+15005550003", "sandbox magic: stays SENT"],
    ["+12125551234", "US, New York"],
    ["+447911123456", "GB mobile"],
    ["+4915123456789", "DE mobile"],
    ["+493012345678", "DE Berlin landline"],
    ["+33612345678", "FR mobile"],
    ["+33123456789", "FR Paris landline"],
    ["+390612345678", "IT Rome landline (the 0 is part of the number)"],
    ["+61412345678", "AU mobile"],
    ["+5511912345678", "BR mobile"],
  ])("%s (%s)", (value) => {
    expect(validatePhoneNumber(value)).toEqual({ ok: true, e164: value });
    expect(phoneNumberSchema.safeParse(value)).toEqual({ success: true, data: value });
  });
});

describe("validatePhoneNumber: E.164-shaped but not valid for the country", () => {
  it.each([
    ["+1234567890", "+1 followed by 9 digits: too short for NANP"],
    ["+11234567890", "NANP area codes never start with 1"],
    ["+10234567890", "NANP area codes never start with 0"],
    ["+33061234567", "FR with a 0 where the national number starts"],
    ["+4901511234567", "DE with the trunk prefix 0 and no valid number behind it"],
    ["+440000000000", "GB all zeros"],
  ])("%s is refused (%s)", (value) => {
    expect(E164.test(value)).toBe(true); // the shape alone would let it through
    const result = validatePhoneNumber(value);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.message).toContain(value);
      expect(result.message).toMatch(/not a valid phone number for/);
    }
  });

  it("names the country when libphonenumber knows it", () => {
    expect(validatePhoneNumber("+33061234567")).toEqual({
      ok: false,
      message: "+33061234567 is not a valid phone number for FR (+33).",
    });
    expect(validatePhoneNumber("+1234567890")).toEqual({
      ok: false,
      message: "+1234567890 is not a valid phone number for its country code (+1).",
    });
  });

  it("refuses a calling code no country uses", () => {
    const result = validatePhoneNumber("+999123456789");
    expect(result).toEqual({
      ok: false,
      message: "+999123456789 is not a valid phone number: its country calling code is unknown.",
    });
  });

  it("refuses a trunk prefix after the country code and names the E.164 form", () => {
    // libphonenumber reads +44 07911 123456 as +44 7911 123456; E.164 has no trunk prefix.
    expect(validatePhoneNumber("+4407911123456")).toEqual({
      ok: false,
      message: "+4407911123456 is not in E.164 form: write it as +447911123456.",
    });
  });
});

describe("validatePhoneNumber: not E.164-shaped", () => {
  it.each([
    ["14155550123", "no leading +"],
    ["004414155550123", "00 international prefix instead of +"],
    ["+1415555012a", "a letter"],
    ["+1 415 555 0123", "spaces"],
    ["+1-415-555-0123", "dashes"],
    ["+1 (415) 555-0123", "punctuation"],
    ["+1234567", "7 digits: too short"],
    ["+1234567890123456", "16 digits: too long"],
    ["+04155550123", "country code starting with 0"],
    ["+", "just a plus"],
    ["", "empty"],
    [" +14155550123", "leading space"],
    ["+14155550123\n", "trailing newline"],
    ["+14155550123;ext=1", "an extension"],
    ["+１４１５５５５０１２３", "full-width digits"],
  ])("%j is refused (%s)", (value) => {
    expect(validatePhoneNumber(value)).toEqual({
      ok: false,
      message: "Use E.164 format: a leading + and 8 to 15 digits, e.g. +14155550123.",
    });
  });
});

describe("phoneNumberSchema", () => {
  it.each([
    "14155550123", // shape
    "+1234567890", // not valid for its country
    "+999123456789", // unknown calling code
    "+4407911123456", // trunk prefix
    "",
  ])("a failure on %j carries params.code invalid_phone_number", (value) => {
    const parsed = phoneNumberSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const direct = validatePhoneNumber(value);
    expect(direct.ok).toBe(false);
    expect(parsed.error.issues).toEqual([
      expect.objectContaining({
        code: "custom",
        params: { code: "invalid_phone_number" },
        message: direct.ok ? "(unexpected success)" : direct.message,
      }),
    ]);
  });

  it("a value that is not a string is a shape error, not a phone error", () => {
    const parsed = phoneNumberSchema.safeParse(14155550123);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues.map((i) => i.code)).toEqual(["invalid_type"]);
  });
});

describe("validatePhoneNumber: remembered answers", () => {
  it("answers a number seen before exactly as the first time, valid or not", () => {
    const numbers = [
      "+14155550123",
      "+447911123456",
      "+1234567890",
      "+999123456789",
      "+4407911123456",
      "+33612345678",
      "+15005550001",
    ];
    const first = numbers.map((n) => validatePhoneNumber(n));
    expect(first.filter((r) => r.ok)).toHaveLength(4);
    expect(numbers.map((n) => validatePhoneNumber(n))).toEqual(first);
  });
});
