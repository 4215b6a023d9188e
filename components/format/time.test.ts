import { describe, expect, it } from "vitest";
import {
  formatAxisTime,
  formatClock,
  formatDate,
  formatDateTime,
  formatPeriod,
  formatPreciseClock,
  formatRelative,
  formatUtc,
  formatUtcDay,
  formatUtcHour,
  isIsoDay,
  localIsoDay,
  utcDay,
  zoneName,
} from "./time";

const AT = "2026-11-26T20:58:03.123Z";
const LA = "America/Los_Angeles";

describe("instants in the viewer's zone, zone named", () => {
  it("shows seconds and the zone", () => {
    expect(formatClock(AT, LA)).toBe("12:58:03 PM PST");
    expect(formatClock(AT, "UTC")).toBe("8:58:03 PM UTC");
    expect(formatClock(AT, "Asia/Tokyo")).toBe("5:58:03 AM GMT+9");
  });

  it("dates and times together, the local day", () => {
    expect(formatDateTime(AT, LA)).toBe("Nov 26, 2026, 12:58:03 PM PST");
    // 05:58 on the 27th in Tokyo: the viewer's day, not UTC's.
    expect(formatDateTime(AT, "Asia/Tokyo")).toBe("Nov 27, 2026, 5:58:03 AM GMT+9");
    expect(formatDate(AT, "Asia/Tokyo")).toBe("Nov 27, 2026");
    expect(localIsoDay(AT, "Asia/Tokyo")).toBe("2026-11-27");
    expect(localIsoDay(AT, LA)).toBe("2026-11-26");
  });

  it("keeps milliseconds where steps are that close", () => {
    expect(formatPreciseClock(AT, LA)).toBe("12:58:03.123 PM PST");
  });

  it("daylight saving time is named too", () => {
    expect(formatClock("2026-07-01T19:00:00Z", LA)).toBe("12:00:00 PM PDT");
  });

  it("charts: 12-hour axis times, the zone named apart (issue 39)", () => {
    expect(formatAxisTime("2026-11-26T21:00:00Z", LA)).toBe("1 PM");
    expect(formatAxisTime("2026-11-26T21:15:00Z", LA)).toBe("1:15 PM");
    expect(formatAxisTime("2026-11-26T08:00:00Z", "UTC")).toBe("8 AM");
    expect(zoneName(AT, LA)).toBe("PST");
    expect(zoneName("2026-07-01T19:00:00Z", LA)).toBe("PDT");
    expect(zoneName(AT, "UTC")).toBe("UTC");
  });

  it("the exact UTC instant for hover titles", () => {
    expect(formatUtc(AT)).toBe("2026-11-26 20:58:03 UTC");
    expect(formatUtc(new Date(0))).toBe("1970-01-01 00:00:00 UTC");
  });

  it("relative times, a date after a month", () => {
    const now = Date.parse(AT);
    expect(formatRelative(now - 30_000, now)).toBe("just now");
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelative(now - 26 * 3_600_000, now)).toBe("yesterday");
    expect(formatRelative(now - 40 * 86_400_000, now, LA)).toBe("Oct 17, 2026");
  });
});

describe("UTC days say UTC", () => {
  it("days, hours and periods", () => {
    expect(formatUtcDay("2026-11-01")).toBe("Nov 1 UTC");
    expect(formatUtcDay("2026-11-01", { year: true })).toBe("Nov 1, 2026 UTC");
    // 23:30 in Los Angeles on the 26th is the 27th in UTC: the bucket is UTC's.
    expect(formatUtcDay("2026-11-27T07:30:00Z")).toBe("Nov 27 UTC");
    expect(utcDay("2026-11-27T07:30:00Z")).toBe("2026-11-27");
    expect(formatUtcHour("2026-11-27T07:30:00Z")).toBe("Nov 27, 07:00 UTC");
  });

  it("billing periods read as months", () => {
    expect(formatPeriod("2026-11")).toBe("November 2026");
    expect(formatPeriod("2027-01")).toBe("January 2027");
    expect(formatPeriod("2026-13")).toBe("2026-13");
    expect(formatPeriod("soon")).toBe("soon");
  });
});

describe("ISO dates in filters", () => {
  it("accepts real calendar days only", () => {
    expect(isIsoDay("2026-11-26")).toBe(true);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-2-3")).toBe(false);
    expect(isIsoDay("11/26/2026")).toBe(false);
    expect(isIsoDay("")).toBe(false);
  });
});
