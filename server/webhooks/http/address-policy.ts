import ipaddr from "ipaddr.js";

/**
 * Which destinations a webhook may reach (contract §6). Only plain global unicast passes: every
 * special-purpose range is refused, including documentation (192.0.2/24, 198.51.100/24,
 * 203.0.113/24, 2001:db8::/32) and benchmarking (198.18/15, 2001:2::/48) ranges, since no real
 * receiver lives there. IPv6 forms that carry an IPv4 address are judged by the IPv4 inside.
 */

const IPV4_RANGE_NAMES: Record<string, string> = {
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address",
  private: "a private network address",
  reserved: "a reserved address",
  as112: "a reserved address",
  amt: "a reserved address",
};

const IPV6_RANGE_NAMES: Record<string, string> = {
  unspecified: "an unspecified address",
  linkLocal: "a link-local address",
  multicast: "a multicast address",
  loopback: "a loopback address",
  uniqueLocal: "a private network address",
  deprecatedSiteLocal: "a private network address",
  teredo: "a tunnelled (Teredo) address",
};

// 169.254.169.254 is link-local, but naming it makes the refusal self-explanatory in the log.
const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254"]);

// Global unicast IPv6 is 2000::/3; anything outside it that ipaddr.js calls "unicast" is unassigned.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

function ipv4Reason(ip: ipaddr.IPv4): string | null {
  if (METADATA_ADDRESSES.has(ip.toString())) return "a cloud metadata address";
  const range = ip.range();
  if (range === "unicast") return null;
  return IPV4_RANGE_NAMES[range] ?? "a reserved address";
}

function embeddedIPv4(parts: number[], from: number): ipaddr.IPv4 {
  const hi = parts[from] ?? 0;
  const lo = parts[from + 1] ?? 0;
  return new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
}

function ipv6Reason(ip: ipaddr.IPv6): string | null {
  if (METADATA_ADDRESSES.has(ip.toString())) return "a cloud metadata address";
  const range = ip.range();
  const parts = ip.parts;
  switch (range) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return ipv4Reason(embeddedIPv4(parts, 6));
    case "rfc6052": // NAT64: only the well-known /96 has a fixed place for the IPv4 address
      return ip.match(NAT64_WELL_KNOWN) ? ipv4Reason(embeddedIPv4(parts, 6)) : "a reserved address";
    case "6to4": // 2002:aabb:ccdd::/48
      return ipv4Reason(embeddedIPv4(parts, 1));
  }
  const named = IPV6_RANGE_NAMES[range];
  if (named) return named;
  if (range !== "unicast") return "a reserved address";
  // IPv4-compatible ::a.b.c.d (deprecated, but some stacks still route it as IPv4).
  if (parts.slice(0, 6).every((p) => p === 0)) return ipv4Reason(embeddedIPv4(parts, 6));
  if (!ip.match(GLOBAL_UNICAST_V6)) return "a reserved address";
  return null;
}

/**
 * Why an address must not be connected to ("a loopback address", …), or null when it may be.
 * Input that is not an IP address at all is refused: this is only ever asked about addresses.
 */
export function forbiddenAddressReason(ip: string): string | null {
  const literal = literalHostAddress(ip);
  if (literal === null) return "not an IP address";
  const parsed = ipaddr.parse(literal);
  return parsed.kind() === "ipv4" ? ipv4Reason(parsed as ipaddr.IPv4) : ipv6Reason(parsed as ipaddr.IPv6);
}

export function isForbiddenAddress(ip: string): boolean {
  return forbiddenAddressReason(ip) !== null;
}

/** One IPv4 part as inet_aton and the WHATWG URL parser read it: 0x… hex, 0… octal, else decimal. */
function parseIPv4Part(part: string): number | null {
  if (part === "") return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
  } else if (part.length > 1 && part.startsWith("0")) {
    digits = part.slice(1);
    radix = 8;
  }
  if (digits === "") return 0;
  const valid = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!valid.test(digits)) return null;
  return parseInt(digits, radix);
}

/** "127.1", "2130706433", "0x7f.1", "0177.0.0.1", … → "127.0.0.1"; null when not an IPv4 literal. */
function parseIPv4Literal(host: string): string | null {
  const parts = host.split(".");
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop(); // "127.0.0.1." is still an address
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255)) return null;
  if (last >= 256 ** (4 - values.length)) return null;
  let address = last;
  values.forEach((v, i) => (address += v * 256 ** (3 - i)));
  return [address >>> 24, (address >>> 16) & 0xff, (address >>> 8) & 0xff, address & 0xff].join(".");
}

function parseIPv6Literal(host: string): string | null {
  const withoutZone = host.split("%")[0] ?? "";
  if (!withoutZone.includes(":") || !ipaddr.IPv6.isValid(withoutZone)) return null;
  return ipaddr.IPv6.parse(withoutZone).toString();
}

/**
 * The address a host names when it is an IP literal in any notation a URL parser or getaddrinfo
 * accepts (dotted, short, single integer, hex, octal, bracketed or bare IPv6), normalized
 * ("127.0.0.1", "::ffff:7f00:1"); null for a host name.
 */
export function literalHostAddress(host: string): string | null {
  const h = host.trim().toLowerCase();
  if (h.startsWith("[")) return h.endsWith("]") ? parseIPv6Literal(h.slice(1, -1)) : null;
  const direct = parseIPv6Literal(h) ?? parseIPv4Literal(h);
  if (direct !== null) return direct;
  // A URL parser percent-decodes and maps full-width digits before reading the address
  // ("%31%32%37.0.0.1", "１２７.0.0.1"); apply the same rewriting, and only to a bare host.
  if (/[^\x00-\x7f]|%/.test(h) && !/[/?#@\\:[\]\s]/.test(h)) {
    try {
      const normalized = new URL(`http://${h}/`).hostname;
      return parseIPv6Literal(normalized.replace(/^\[|\]$/g, "")) ?? parseIPv4Literal(normalized);
    } catch {
      return null;
    }
  }
  return null;
}

// Names that reach the machine itself or the cloud provider's internals whatever DNS says.
function forbiddenHostName(host: string): string | null {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return "refers to this machine";
  if (name === "metadata" || name.endsWith(".internal")) return "is an internal (cloud metadata or private) name";
  if (name.endsWith(".local")) return "is a local-network (mDNS) name";
  return null;
}

/**
 * Why a URL must not be sent to the public as a link (campaign link tracking, issue 38): a user
 * name or password in it, a host that is a private, loopback, link-local or otherwise special
 * address, or a name that only means something inside a network. Null when it may.
 */
export function privateLinkReason(url: URL): string | null {
  if (url.username !== "" || url.password !== "") return "it carries a user name or password";
  const address = literalHostAddress(url.hostname);
  if (address !== null) {
    const reason = forbiddenAddressReason(address);
    return reason === null ? null : `it points to ${address}, ${reason}`;
  }
  const nameReason = forbiddenHostName(url.hostname);
  return nameReason === null ? null : `its host ${url.hostname} ${nameReason}`;
}

export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The save-time check of a webhook URL (contract §6, 400 `url_not_allowed`). Host names are
 * judged by name only here; what they resolve to is checked on every delivery (safe-lookup.ts).
 */
export function checkWebhookUrl(url: string, options: { allowPrivate: boolean; production: boolean }): WebhookUrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, reason: "The URL is not valid." };
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    return { ok: false, reason: "The URL must start with http:// or https://." };
  }
  if (parsed.protocol === "http:" && options.production && !options.allowPrivate) {
    return { ok: false, reason: "The URL must use https:// in production." };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return { ok: false, reason: "The URL must not contain a user name or password." };
  }
  if (parsed.hostname === "") return { ok: false, reason: "The URL has no host." };
  if (options.allowPrivate) return { ok: true, url: parsed };

  const address = literalHostAddress(parsed.hostname);
  if (address !== null) {
    const reason = forbiddenAddressReason(address);
    if (reason !== null) {
      return {
        ok: false,
        reason: `The URL points to ${address}, ${reason}; webhooks can only be delivered to public internet addresses.`,
      };
    }
    return { ok: true, url: parsed };
  }
  const nameReason = forbiddenHostName(parsed.hostname);
  if (nameReason !== null) {
    return {
      ok: false,
      reason: `The host ${parsed.hostname} ${nameReason}; webhooks can only be delivered to public internet addresses.`,
    };
  }
  return { ok: true, url: parsed };
}
