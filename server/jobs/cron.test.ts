import { describe, expect, it } from "vitest";
import { nextCronTime, parseCron } from "./cron";

const at = (iso: string) => new Date(iso);
const next = (expr: string, after: string) => nextCronTime(expr, at(after)).toISOString();

describe("nextCronTime", () => {
  it("hourly fires at the next full hour, strictly after the given time", () => {
    expect(next("0 * * * *", "2026-11-22T10:15:30.000Z")).toBe("2026-11-22T11:00:00.000Z");
    expect(next("0 * * * *", "2026-11-22T10:00:00.000Z")).toBe("2026-11-22T11:00:00.000Z");
    expect(next("0 * * * *", "2026-11-22T23:59:59.999Z")).toBe("2026-11-23T00:00:00.000Z");
  });

  it("handles steps, ranges and lists", () => {
    expect(next("*/15 * * * *", "2026-11-22T10:16:00.000Z")).toBe("2026-11-22T10:30:00.000Z");
    expect(next("5,35 9-17 * * *", "2026-11-22T17:40:00.000Z")).toBe("2026-11-23T09:05:00.000Z");
    expect(next("* * * * *", "2026-11-22T10:16:59.000Z")).toBe("2026-11-22T10:17:00.000Z");
  });

  it("rolls over months and years and respects short months", () => {
    expect(next("0 0 31 * *", "2026-11-01T00:00:00.000Z")).toBe("2026-12-31T00:00:00.000Z");
    expect(next("30 6 1 1 *", "2026-11-22T00:00:00.000Z")).toBe("2027-01-01T06:30:00.000Z");
    expect(next("0 0 29 2 *", "2026-03-01T00:00:00.000Z")).toBe("2028-02-29T00:00:00.000Z");
  });

  it("matches either day field when both are restricted, and treats 7 as Sunday", () => {
    // 2026-11-22 is a Sunday.
    expect(next("0 12 * * 0", "2026-11-20T00:00:00.000Z")).toBe("2026-11-22T12:00:00.000Z");
    expect(next("0 12 * * 7", "2026-11-20T00:00:00.000Z")).toBe("2026-11-22T12:00:00.000Z");
    expect(next("0 12 25 * 1", "2026-11-22T13:00:00.000Z")).toBe("2026-11-23T12:00:00.000Z");
    expect(next("0 12 24 * 1", "2026-11-22T13:00:00.000Z")).toBe("2026-11-23T12:00:00.000Z");
  });

  it("rejects what it does not understand instead of guessing", () => {
    expect(() => parseCron("0 * * *")).toThrow(/5 fields/);
    expect(() => parseCron("60 * * * *")).toThrow(/out of range/);
    expect(() => parseCron("0 * * JAN *")).toThrow(/Invalid cron month/);
    expect(() => parseCron("TZ=Europe/Paris 0 * * * *")).toThrow();
    expect(() => nextCronTime("0 0 30 2 *", at("2026-01-01T00:00:00.000Z"))).toThrow(/never matches/);
  });
});
