import { describe, expect, it } from "vitest";
import { ipMatchesAny, isValidIpOrCidr } from "./ip-ranges";

describe("isValidIpOrCidr", () => {
  it.each(["192.0.2.1", "10.0.0.0/8", "2001:db8::1", "2001:db8::/32", "::ffff:192.0.2.1", "0.0.0.0/0"])(
    "accepts %s",
    (v) => expect(isValidIpOrCidr(v)).toBe(true),
  );
  it.each(["300.1.1.1", "10.0.0.0/33", "127.1", "0x7f.0.0.1", "example.com", "", "2001:db8::/129", "1.2.3.4/"])(
    "rejects %s",
    (v) => expect(isValidIpOrCidr(v)).toBe(false),
  );
});

describe("ipMatchesAny", () => {
  const list = ["203.0.113.0/24", "198.51.100.7", "2001:db8::/32"];
  it.each([
    ["203.0.113.200", true],
    ["203.0.114.1", false],
    ["198.51.100.7", true],
    ["198.51.100.8", false],
    ["::ffff:203.0.113.5", true],
    ["::ffff:198.51.100.8", false],
    ["2001:db8:1::5", true],
    ["2001:db9::1", false],
    ["not-an-ip", false],
  ])("%s → %s", (ip, expected) => expect(ipMatchesAny(ip, list)).toBe(expected));

  it("matches an IPv4-mapped range entry against IPv4 callers", () => {
    expect(ipMatchesAny("192.0.2.9", ["::ffff:192.0.2.0/120"])).toBe(true);
    expect(ipMatchesAny("192.0.3.9", ["::ffff:192.0.2.0/120"])).toBe(false);
  });
  it("never matches an empty list", () => expect(ipMatchesAny("192.0.2.1", [])).toBe(false));
});
