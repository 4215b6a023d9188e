import { countSegments } from "@/schemas/segments";
import { formatMoney } from "@/schemas/money";
import type { SmsQuote } from "@/schemas/pricing";
import { countryOf } from "./country-of";
import { pricePerSegment, priceList, type PriceList } from "./price-list";

/**
 * What a message would cost sent live (contract §8): its segments × its country's price per
 * segment. Nothing is sent or counted. Sandbox keys get the live price too: the point of a quote
 * is to know what production will cost.
 */
export function quoteSms(input: { to: string; body: string }, list: PriceList = priceList()): SmsQuote {
  const { segments, encoding } = countSegments(input.body);
  const country = countryOf(input.to);
  const unit = pricePerSegment(list, country);
  return {
    to: input.to,
    country,
    segments,
    encoding,
    pricePerSegment: formatMoney(unit),
    price: formatMoney(unit * segments),
    currency: list.currency,
  };
}
