import { describe, expect, it } from "vitest";
import { formatCount } from "./number";

describe("formatCount", () => {
  it("groups thousands the same way whatever the runtime's locale", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(41250)).toBe("41,250");
    expect(formatCount(1_000_000)).toBe("1,000,000");
  });
});
