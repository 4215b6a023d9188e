import { readFileSync } from "node:fs";
import path from "node:path";
import { getCountries } from "libphonenumber-js/max";
import { CURRENCY, parseMoney } from "@/schemas/money";
import { env } from "../env";

/**
 * The SMS price list (contract §8): a price per outbound segment per destination country. The
 * service ships a versioned file, data/sms-prices-<version>.csv; an operator replaces it with
 * PRICE_LIST_FILE in the same format:
 *
 *   country,price_per_segment
 *   default,0.0800        ← required: the price of any country without its own row
 *   US,0.0079
 *
 * Prices are four-place decimal strings, held as integer units (schemas/money.ts). A new price
 * list applies to messages accepted after the process (re)starts; a message keeps the price it was
 * accepted at.
 */
export const BUNDLED_PRICE_LIST = path.join("data", "sms-prices-2026-11.csv");

export interface PriceList {
  /** Where it came from, e.g. "sms-prices-2026-11.csv": the version a statement can name. */
  version: string;
  currency: typeof CURRENCY;
  defaultUnits: number;
  /** Country (ISO 3166-1 alpha-2) → units per segment, for countries with their own row. */
  byCountry: ReadonlyMap<string, number>;
}

const KNOWN_COUNTRIES: ReadonlySet<string> = new Set(getCountries());

/** Every problem of the file at once, one line each, so an operator fixes them in one pass. */
export class PriceListError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Invalid price list ${source}:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
}

export function parsePriceList(text: string, source: string): PriceList {
  const problems: string[] = [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  if (lines[0]?.trim() !== "country,price_per_segment") {
    problems.push(`line 1: the header must be "country,price_per_segment"`);
  }
  let defaultUnits: number | undefined;
  const byCountry = new Map<string, number>();
  lines.slice(1).forEach((raw, i) => {
    const at = `line ${i + 2}`;
    const line = raw.trim();
    if (line === "") return problems.push(`${at}: empty line`);
    const cells = line.split(",");
    if (cells.length !== 2) return problems.push(`${at}: expected 2 columns, found ${cells.length}`);
    const [country, price] = cells.map((c) => c.trim()) as [string, string];
    const units = parseMoney(price);
    if (units === undefined) {
      return problems.push(`${at}: price "${price}" must have exactly four decimal places, e.g. 0.0079`);
    }
    if (country === "default") {
      if (defaultUnits !== undefined) return problems.push(`${at}: a second default row`);
      defaultUnits = units;
      return;
    }
    if (!KNOWN_COUNTRIES.has(country)) {
      return problems.push(`${at}: "${country}" is not a country code libphonenumber knows`);
    }
    if (byCountry.has(country)) return problems.push(`${at}: ${country} appears twice`);
    byCountry.set(country, units);
  });
  if (defaultUnits === undefined) problems.push(`a "default" row is required (the price of unlisted countries)`);
  if (problems.length > 0) throw new PriceListError(source, problems);
  return { version: path.basename(source), currency: CURRENCY, defaultUnits: defaultUnits!, byCountry };
}

export function loadPriceList(file: string): PriceList {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new PriceListError(file, [`cannot be read: ${(err as Error).message}`]);
  }
  return parsePriceList(text, file);
}

let current: PriceList | undefined;

/** The price list of this process: PRICE_LIST_FILE or the bundled file, read once. */
export function priceList(): PriceList {
  current ??= loadPriceList(env.PRICE_LIST_FILE ?? path.join(process.cwd(), BUNDLED_PRICE_LIST));
  return current;
}

/** Tests switch price lists; production code never calls this. */
export function resetPriceListForTests(): void {
  current = undefined;
}

/** Units per segment to a country; unknown (null) or unlisted countries take the default row. */
export function pricePerSegment(list: PriceList, country: string | null | undefined): number {
  const own = country ? list.byCountry.get(country) : undefined;
  return own ?? list.defaultUnits;
}

/** Every country libphonenumber knows, with its price: the public list (contract §8). */
export function everyCountryPrice(list: PriceList): { country: string; units: number }[] {
  return [...KNOWN_COUNTRIES].sort().map((country) => ({ country, units: pricePerSegment(list, country) }));
}

export function isKnownCountry(country: string): boolean {
  return KNOWN_COUNTRIES.has(country);
}
