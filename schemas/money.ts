import { z } from "zod";

/**
 * Money (contract §8): a decimal string with exactly four places, computed as integers of
 * 1/10,000 of the currency unit ("units"), so a total always equals the sum of its parts. Numbers
 * stay below 2^53 (900 billion dollars), where JavaScript integers are exact. Client-safe.
 */
export const CURRENCY = "USD";
export const MONEY_SCALE = 10_000;
/** The largest amount a price or limit may name: one billion dollars, in units. */
export const MAX_MONEY_UNITS = 1_000_000_000 * MONEY_SCALE;

const MONEY_TEXT = /^(0|[1-9][0-9]{0,9})\.([0-9]{4})$/;

/** "0.0079" → 79; undefined when the text is not a four-place amount within range. */
export function parseMoney(text: string): number | undefined {
  const match = MONEY_TEXT.exec(text);
  if (!match) return undefined;
  const units = Number(match[1]) * MONEY_SCALE + Number(match[2]);
  return units <= MAX_MONEY_UNITS ? units : undefined;
}

/** 79 → "0.0079". Integer units only: anything else is a bug upstream, not a rounding question. */
export function formatMoney(units: number): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not a money amount in units: ${units}`);
  const whole = Math.floor(units / MONEY_SCALE);
  const fraction = String(units % MONEY_SCALE).padStart(4, "0");
  return `${whole}.${fraction}`;
}

/** A four-place amount as the API writes it, e.g. "0.0079". */
export const moneySchema = z
  .string()
  .refine((v) => parseMoney(v) !== undefined, {
    message: 'Write an amount with exactly four decimal places, e.g. "25.0000".',
  })
  .meta({ example: "0.0079" });

/** ISO 3166-1 alpha-2, upper case. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, "Use a two-letter ISO 3166-1 country code, e.g. US.")
  .meta({ example: "US" });
