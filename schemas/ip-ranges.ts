import ipaddr from "ipaddr.js";

/** An IPv4/IPv6 address or CIDR range, in canonical dotted-quad or IPv6 notation. */
export function isValidIpOrCidr(value: string): boolean {
  if (value.includes("/")) return ipaddr.IPv4.isValidCIDRFourPartDecimal(value) || ipaddr.IPv6.isValidCIDR(value);
  return ipaddr.IPv4.isValidFourPartDecimal(value) || ipaddr.IPv6.isValid(value);
}

/**
 * Whether `ip` falls in any entry. IPv4-mapped IPv6 callers (::ffff:203.0.113.7, what a dual-stack
 * socket reports) are matched as IPv4, so an IPv4 allow-list works behind either stack.
 */
export function ipMatchesAny(ip: string, entries: readonly string[]): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip.replace(/%.*$/, ""));
  } catch {
    return false;
  }
  return entries.some((entry) => {
    try {
      const [range, bits] = entry.includes("/")
        ? ipaddr.parseCIDR(entry)
        : (() => {
            const single = ipaddr.parse(entry);
            return [single, single.kind() === "ipv4" ? 32 : 128] as const;
          })();
      const normalized =
        range.kind() === "ipv6" && (range as ipaddr.IPv6).isIPv4MappedAddress()
          ? (range as ipaddr.IPv6).toIPv4Address()
          : range;
      const normalizedBits = normalized !== range ? Math.max(0, bits - 96) : bits;
      return addr.kind() === normalized.kind() && addr.match(normalized, normalizedBits);
    } catch {
      return false;
    }
  });
}
