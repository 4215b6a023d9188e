import { parseMoney } from "@/schemas/money";
import type { Statement } from "@/schemas/usage";

export interface CountryLine {
  country: string;
  messages: number;
  segments: number;
  /** Units of 1/10,000 USD. */
  amountUnits: number;
  /** The price per segment when the month had one for the country, else null (a price change). */
  pricePerSegment: string | null;
}

/**
 * A statement's lines (one per country and price per segment, as the API and the CSV give them)
 * as one line per country, in integer units so the lines add up to the total exactly.
 */
export function linesByCountry(statement: Pick<Statement, "lines">): CountryLine[] {
  const byCountry = new Map<string, CountryLine>();
  for (const l of statement.lines) {
    const line = byCountry.get(l.country);
    const amountUnits = parseMoney(l.amount) ?? 0;
    if (!line) {
      byCountry.set(l.country, {
        country: l.country,
        messages: l.messages,
        segments: l.segments,
        amountUnits,
        pricePerSegment: l.pricePerSegment,
      });
    } else {
      line.messages += l.messages;
      line.segments += l.segments;
      line.amountUnits += amountUnits;
      if (line.pricePerSegment !== l.pricePerSegment) line.pricePerSegment = null;
    }
  }
  return [...byCountry.values()];
}
