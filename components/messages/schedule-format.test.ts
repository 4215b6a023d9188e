import { describe, expect, it } from "vitest";
import { formatLocalAndUtc, fromLocalInputValue, toLocalInputValue } from "./schedule-format";

describe("scheduled times in the dashboard", () => {
  it("round-trips a datetime-local value through the browser's zone", () => {
    const at = new Date(2026, 11, 1, 9, 30); // local time
    expect(toLocalInputValue(at)).toBe("2026-12-01T09:30");
    expect(fromLocalInputValue("2026-12-01T09:30")?.getTime()).toBe(at.getTime());
    expect(fromLocalInputValue("")).toBeUndefined();
    expect(fromLocalInputValue("2026-12-01")).toBeUndefined();
  });

  it("shows the instant in UTC beside the local time", () => {
    const { local, utc } = formatLocalAndUtc("2026-12-01T09:30:00.000Z");
    expect(utc).toBe("2026-12-01 09:30 UTC");
    expect(local).toMatch(/2026/);
  });
});
