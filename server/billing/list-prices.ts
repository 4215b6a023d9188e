import { AppError } from "../errors";
import { formatMoney } from "@/schemas/money";
import type { CountryPrice } from "@/schemas/pricing";
import { everyCountryPrice, isKnownCountry, pricePerSegment, priceList, type PriceList } from "./price-list";

const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

function entry(list: PriceList, country: string): CountryPrice {
  return { country, name: names.of(country) ?? country, pricePerSegment: formatMoney(pricePerSegment(list, country)) };
}

/** contract §8: every country libphonenumber knows, A to Z, with its price per segment. */
export function listSmsPrices(list: PriceList = priceList()) {
  return { currency: list.currency, countries: everyCountryPrice(list).map(({ country }) => entry(list, country)) };
}

/** One country (case-insensitive code); 404 for a code libphonenumber does not know. */
export function getSmsPriceOrThrow(country: string, list: PriceList = priceList()): CountryPrice {
  const code = country.toUpperCase();
  if (!isKnownCountry(code))
    throw new AppError("not_found", `No price for country "${country}": not a known ISO 3166-1 code.`);
  return entry(list, code);
}
