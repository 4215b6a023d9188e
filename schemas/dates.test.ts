import { describe, expect, it } from "vitest";
import { instantOf, isoInstantSchema } from "./dates";

// Issue 38: V8's Date read `.000123456789Z` as .123. Instants are cut to the millisecond the
// columns keep, never rounded up or shifted, and more than 9 fraction digits are refused.
describe("ISO 8601 instants", () => {
  it("cut the fraction to the millisecond, whatever its length", () => {
    const iso = (v: string) => instantOf(v).toISOString();
    expect(iso("2026-12-01T09:00:00.000123456Z")).toBe("2026-12-01T09:00:00.000Z");
    expect(iso("2026-12-01T09:00:00.999999999Z")).toBe("2026-12-01T09:00:00.999Z");
    expect(iso("2026-12-01T09:00:00.0019Z")).toBe("2026-12-01T09:00:00.001Z");
    expect(iso("2026-12-01T09:00:00.5Z")).toBe("2026-12-01T09:00:00.500Z");
    expect(iso("2026-12-01T09:00:00Z")).toBe("2026-12-01T09:00:00.000Z");
    expect(iso("2026-12-01T10:00:00.12345+01:00")).toBe("2026-12-01T09:00:00.123Z");
    expect(iso("2026-12-01T09:00:00.000123456789Z")).toBe("2026-12-01T09:00:00.000Z");
  });

  it("as query filters (history, audit log) take at most 9 fraction digits", () => {
    expect(isoInstantSchema.parse("2026-12-01T09:00:00.000987654Z")).toEqual(new Date("2026-12-01T09:00:00.000Z"));
    const tooFine = isoInstantSchema.safeParse("2026-12-01T09:00:00.000123456789Z");
    expect(tooFine.error?.issues[0]?.message).toMatch(/9 fraction digits/);
    expect(isoInstantSchema.safeParse("2026-12-01T09:00:00").success).toBe(false);
  });
});
