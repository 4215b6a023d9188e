import { MONEY_SCALE, parseMoney } from "@/schemas/money";

// Money as the dashboard shows it (issue 30): totals, limits and spend in dollars and cents
// ("$1,234.50"), per-segment prices with the API's four places ("$0.0079"). Amounts arrive as the
// API's four-place strings; the arithmetic stays in integer units (1/10,000 USD).

const grouped = (whole: number) => whole.toLocaleString("en-US");

function unitsOf(amount: string | number): number {
  if (typeof amount === "number") {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`not a money amount in units: ${amount}`);
    return amount;
  }
  const units = parseMoney(amount);
  if (units === undefined) throw new RangeError(`not a four-place money amount: ${amount}`);
  return units;
}

/**
 * A total, limit or spend: "$25.00", "$1,234.57". Rounded half up to the cent. Takes the API's
 * four-place string or integer units.
 */
export function formatUsd(amount: string | number): string {
  const cents = Math.floor((unitsOf(amount) + 50) / 100);
  return `$${grouped(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, "0")}`;
}

/** A per-segment (or per-message) price, exact to four places: "$0.0079". */
export function formatUnitPrice(amount: string | number): string {
  const units = unitsOf(amount);
  return `$${grouped(Math.floor(units / MONEY_SCALE))}.${String(units % MONEY_SCALE).padStart(4, "0")}`;
}

/** The four-place amount when cents round it off ("$0.0079" behind "$0.01"), for a hover title. */
export function exactUsdTitle(amount: string | number): string | undefined {
  return unitsOf(amount) % 100 === 0 ? undefined : `Exactly ${formatUnitPrice(amount)}`;
}
