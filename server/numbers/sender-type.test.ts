import { describe, expect, it } from "vitest";
import { defaultMpsOf, isAlphanumericSender, senderTypeOf } from "./sender-type";

describe("sender types (contract §15)", () => {
  it("tells short codes, toll-free and long codes apart", () => {
    expect(senderTypeOf("12345")).toBe("short_code");
    expect(senderTypeOf("+18005550199")).toBe("toll_free");
    expect(senderTypeOf("+14155550100")).toBe("long_code");
    expect(senderTypeOf("+447700900123")).toBe("long_code");
  });

  it("gives each type its default throughput, and labels the alphanumeric one", () => {
    expect(defaultMpsOf("+14155550100", 10)).toBe(1);
    expect(defaultMpsOf("+18885550100", 10)).toBe(3);
    expect(defaultMpsOf("55555", 10)).toBe(100);
    expect(defaultMpsOf("Acme", 7)).toBe(7);
    expect(isAlphanumericSender("Acme2")).toBe(true);
    expect(isAlphanumericSender("+14155550100")).toBe(false);
  });
});
