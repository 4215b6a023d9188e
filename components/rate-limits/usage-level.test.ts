import { describe, expect, it } from "vitest";
import { usageLevel } from "./usage-level";

describe("usageLevel", () => {
  it("turns amber at 80 % and red when the limit is reached", () => {
    expect(usageLevel(0, 10)).toBe("ok");
    expect(usageLevel(7, 10)).toBe("ok");
    expect(usageLevel(8, 10)).toBe("warning");
    expect(usageLevel(9, 10)).toBe("warning");
    expect(usageLevel(10, 10)).toBe("full");
    expect(usageLevel(2399, 3000)).toBe("ok");
    expect(usageLevel(2400, 3000)).toBe("warning");
  });

  it("is grey whenever limits are not enforced", () => {
    expect(usageLevel(10, 10, false)).toBe("off");
    expect(usageLevel(0, 10, false)).toBe("off");
  });
});
