import { describe, expect, it } from "vitest";
import { spendLevel } from "./spend";

const at = (spend: string, limit: string | null, alertThresholds = [50, 80, 100]) =>
  spendLevel({ monthlySpendLimit: limit, alertThresholds, monthToDate: { spend, messages: 0, segments: 0 } });

describe("spendLevel", () => {
  it("has no level without a limit", () => {
    expect(at("5.0000", null)).toMatchObject({ percent: null, level: "none" });
  });
  it("warns past the highest threshold below 100 %, and says reached at the limit", () => {
    expect(at("7.9999", "10.0000").level).toBe("ok");
    expect(at("8.0000", "10.0000").level).toBe("near");
    expect(at("10.0000", "10.0000")).toMatchObject({ percent: 100, level: "reached" });
    expect(at("0.0000", "0.0000").level).toBe("reached");
    expect(at("6.0000", "10.0000", [100]).level).toBe("ok");
  });
});
