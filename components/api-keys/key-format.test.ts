import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "@/schemas/permissions";
import { expiresInFor, formatRelative, hasAllPermissions, keyStatus, parseIpLines } from "./key-format";

const now = Date.parse("2026-03-01T12:00:00.000Z");

describe("keyStatus", () => {
  it("is expired once expiresAt has passed, whatever isActive says", () => {
    expect(keyStatus({ isActive: true, expiresAt: "2026-03-01T11:59:59.000Z" }, now)).toBe("expired");
    expect(keyStatus({ isActive: false, expiresAt: "2026-03-01T12:00:00.000Z" }, now)).toBe("expired");
    expect(keyStatus({ isActive: true, expiresAt: "2026-03-01T12:00:01.000Z" }, now)).toBe("active");
    expect(keyStatus({ isActive: false, expiresAt: null }, now)).toBe("disabled");
    expect(keyStatus({ isActive: true, expiresAt: null }, now)).toBe("active");
  });
});

describe("hasAllPermissions", () => {
  it("needs all nine", () => {
    expect(hasAllPermissions([...PERMISSIONS])).toBe(true);
    expect(hasAllPermissions(PERMISSIONS.slice(1))).toBe(false);
  });
});

describe("parseIpLines", () => {
  it("ignores blank lines, trims, de-duplicates", () => {
    expect(parseIpLines("\n 10.0.0.0/8 \n\n2001:db8::1\n10.0.0.0/8\n")).toEqual({
      entries: ["10.0.0.0/8", "2001:db8::1"],
      errors: [],
    });
    expect(parseIpLines("   ")).toEqual({ entries: [], errors: [] });
  });

  it("names the line and the entry that is not valid", () => {
    const { errors } = parseIpLines("203.0.113.7\n\n10.0.0.300\nexample.com");
    expect(errors).toEqual([
      'Line 3: "10.0.0.300" is not an IP address or CIDR range.',
      'Line 4: "example.com" is not an IP address or CIDR range.',
    ]);
  });
});

describe("expiresInFor", () => {
  it("turns presets and custom days into the API's duration", () => {
    expect(expiresInFor("never", "")).toEqual({ expiresIn: undefined });
    expect(expiresInFor("90", "")).toEqual({ expiresIn: "90d" });
    expect(expiresInFor("custom", " 7 ")).toEqual({ expiresIn: "7d" });
    expect(expiresInFor("custom", "3650")).toEqual({ expiresIn: "3650d" });
  });

  it("refuses custom values the API would refuse", () => {
    for (const bad of ["", "0", "3651", "1.5", "-3", "07", "abc"]) {
      expect(expiresInFor("custom", bad).error).toBeTruthy();
    }
  });
});

describe("formatRelative", () => {
  it("reads like a person would say it", () => {
    expect(formatRelative("2026-03-01T11:59:30.000Z", now)).toBe("just now");
    expect(formatRelative("2026-03-01T11:55:00.000Z", now)).toBe("5 minutes ago");
    expect(formatRelative("2026-02-28T12:00:00.000Z", now)).toBe("yesterday");
    expect(formatRelative("2025-12-01T12:00:00.000Z", now)).toBe("Dec 1, 2025");
  });
});
