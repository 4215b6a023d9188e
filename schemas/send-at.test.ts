import { describe, expect, it } from "vitest";
import { sendAtSchema, sendAtWindowError } from "./send-at";

describe("the sendAt window (contract §11)", () => {
  const now = new Date("2026-11-25T12:00:00.000Z");
  const at = (ms: number) => new Date(now.getTime() + ms);

  it("takes 60 seconds to 35 days ahead, edges included", () => {
    expect(sendAtWindowError(at(60_000), now)).toBeNull();
    expect(sendAtWindowError(at(35 * 86_400_000), now)).toBeNull();
    expect(sendAtWindowError(at(59_999), now)).toContain(
      "between 2026-11-25T12:01:00.000Z and 2026-12-30T12:00:00.000Z",
    );
    expect(sendAtWindowError(at(35 * 86_400_000 + 1000), now)).toMatch(/60 seconds to 35 days/);
    expect(sendAtWindowError(at(-1000), now)).not.toBeNull();
  });

  it("reads ISO 8601 instants with a zone only", () => {
    expect(sendAtSchema.safeParse("2026-12-01T09:00:00Z").success).toBe(true);
    expect(sendAtSchema.safeParse("2026-12-01T10:00:00+01:00").success).toBe(true);
    expect(sendAtSchema.safeParse("2026-12-01T09:00:00").success).toBe(false);
    expect(sendAtSchema.safeParse("tomorrow").success).toBe(false);
  });

  // Issue 38: V8's Date read `.000123456789Z` as .123: the schema stops at nanoseconds (and
  // schemas/dates.test.ts shows the instant is cut to the millisecond).
  it("takes at most 9 fraction digits", () => {
    expect(sendAtSchema.safeParse("2026-12-01T09:00:00.123456789Z").success).toBe(true);
    const tooFine = sendAtSchema.safeParse("2026-12-01T09:00:00.000123456789Z");
    expect(tooFine.success).toBe(false);
    expect(tooFine.error?.issues[0]?.message).toMatch(/9 fraction digits/);
  });
});
