import { describe, expect, it } from "vitest";
import { checkWebhookUrl, forbiddenAddressReason, isForbiddenAddress, literalHostAddress } from "./address-policy";
import { forbiddenResolution } from "./safe-lookup";

// Only judged here, never connected to.
const FORBIDDEN_HOSTS = [
  "127.0.0.1",
  "127.1",
  "127.0.1",
  "2130706433",
  "0x7f000001",
  "0x7f.0.0.1",
  "0177.0.0.1",
  "017700000001",
  "0x7f.1",
  "127.0.0.1.",
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "[::127.0.0.1]",
  "10.0.0.1",
  "172.16.0.1",
  "172.31.255.255",
  "192.168.1.1",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.255",
  "0.0.0.0",
  "0",
  "[::]",
  "224.0.0.1",
  "240.0.0.1",
  "255.255.255.255",
  "192.0.2.1", // documentation ranges are refused too
  "198.18.0.1",
  "[fe80::1]",
  "[fc00::1]",
  "[fd00:ec2::254]",
  "[64:ff9b::7f00:1]",
  "[64:ff9b::a00:1]",
  "[2002:7f00:1::]",
  "[2002:a9fe:a9fe::1]",
  "[::ffff:a9fe:a9fe]",
  "[2001:db8::1]",
  "[ff02::1]",
];

const ALLOWED_HOSTS = [
  "8.8.8.8",
  "1.1.1.1",
  "172.32.0.1",
  "172.15.255.255",
  "100.128.0.1",
  "100.63.255.255",
  "[2606:4700::1111]",
  "[::ffff:8.8.8.8]",
  "[64:ff9b::808:808]",
  "[2002:808:808::1]",
];

describe("isForbiddenAddress / literalHostAddress", () => {
  it.each(FORBIDDEN_HOSTS)("refuses %s", (host) => {
    const literal = literalHostAddress(host);
    expect(literal).not.toBeNull();
    expect(isForbiddenAddress(literal!)).toBe(true);
    expect(isForbiddenAddress(host)).toBe(true);
  });

  it.each(ALLOWED_HOSTS)("allows %s", (host) => {
    const literal = literalHostAddress(host);
    expect(literal).not.toBeNull();
    expect(isForbiddenAddress(literal!)).toBe(false);
  });

  it.each(FORBIDDEN_HOSTS)("refuses %s after WHATWG URL normalization too", (host) => {
    const { hostname } = new URL(`http://${host}/`);
    expect(isForbiddenAddress(literalHostAddress(hostname)!)).toBe(true);
  });

  it("normalizes every IPv4 notation to dotted decimal", () => {
    for (const host of ["127.1", "2130706433", "0x7f000001", "0x7f.0.0.1", "0177.0.0.1", "017700000001", "0x7f.1"]) {
      expect(literalHostAddress(host)).toBe("127.0.0.1");
    }
    expect(literalHostAddress("10.1")).toBe("10.0.0.1");
    expect(literalHostAddress("192.168.257")).toBe("192.168.1.1");
    expect(literalHostAddress("[::FFFF:127.0.0.1]")).toBe("::ffff:7f00:1");
  });

  it("reads percent-encoded and full-width digits as a URL parser would", () => {
    expect(literalHostAddress("%31%32%37.0.0.1")).toBe("127.0.0.1");
    expect(literalHostAddress("１２７.０.０.１")).toBe("127.0.0.1");
  });

  it("returns null for host names and malformed numbers", () => {
    for (const host of ["example.com", "localhost", "1.2.3.4.5", "999.1.1.1", "09.1.1.1", "1..2", "", "0x7f.example"]) {
      expect(literalHostAddress(host)).toBeNull();
    }
  });

  it("names the reason", () => {
    expect(forbiddenAddressReason("127.0.0.1")).toBe("a loopback address");
    expect(forbiddenAddressReason("169.254.169.254")).toBe("a cloud metadata address");
    expect(forbiddenAddressReason("::ffff:10.0.0.1")).toBe("a private network address");
    expect(forbiddenAddressReason("not an address")).toBe("not an IP address");
    expect(forbiddenAddressReason("8.8.8.8")).toBeNull();
  });
});

describe("checkWebhookUrl", () => {
  const strict = { allowPrivate: false, production: true };
  const dev = { allowPrivate: false, production: false };
  const open = { allowPrivate: true, production: true };

  it("accepts a public https URL and returns it parsed", () => {
    const result = checkWebhookUrl("https://hooks.example.com/sg?x=1", strict);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.url.hostname).toBe("hooks.example.com");
  });

  it.each([
    ["not a url", /not valid/],
    ["ftp://example.com/x", /http:\/\/ or https:\/\//],
    ["javascript:alert(1)", /http:\/\/ or https:\/\//],
    ["https://user:pass@example.com/", /user name or password/],
    ["https://user@example.com/", /user name or password/],
    ["http://example.com/", /https:\/\/ in production/],
    ["https://127.0.0.1/", /127\.0\.0\.1, a loopback address/],
    ["https://2130706433/", /127\.0\.0\.1, a loopback address/],
    ["https://[::ffff:7f00:1]/", /loopback/],
    ["https://169.254.169.254/latest/meta-data", /cloud metadata/],
    ["https://10.0.0.1:8443/", /private network/],
    ["https://localhost/", /this machine/],
    ["https://LOCALHOST./", /this machine/],
    ["https://api.localhost/", /this machine/],
    ["https://metadata.google.internal/computeMetadata/v1/", /internal/],
    ["https://printer.local/", /mDNS/],
  ])("refuses %s", (url, reason) => {
    const result = checkWebhookUrl(url, strict);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it("allows plain http outside production but still refuses internal destinations", () => {
    expect(checkWebhookUrl("http://example.com/", dev).ok).toBe(true);
    expect(checkWebhookUrl("http://127.0.0.1:3000/", dev).ok).toBe(false);
  });

  it("lets allowPrivate lift the https and private-destination rules, but not the others", () => {
    for (const url of ["http://127.0.0.1:3000/hook", "http://localhost:3000/", "http://10.0.0.1/", "http://[::1]/"]) {
      expect(checkWebhookUrl(url, open).ok).toBe(true);
    }
    expect(checkWebhookUrl("ftp://127.0.0.1/", open).ok).toBe(false);
    expect(checkWebhookUrl("http://u:p@127.0.0.1/", open).ok).toBe(false);
  });
});

describe("forbiddenResolution", () => {
  it("explains a name that resolves to loopback (from the hosts file, no network)", async () => {
    expect(await forbiddenResolution("localhost")).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    );
  });
});
