import type { CountryPrice } from "@/schemas/pricing";

// What people type for a country besides its English name and ISO code (issue 30: "UK" must find
// the United Kingdom). Keys are lower case; values ISO 3166-1 alpha-2 codes.
const ALIASES: Record<string, string[]> = {
  uk: ["GB"],
  "great britain": ["GB"],
  britain: ["GB"],
  england: ["GB"],
  scotland: ["GB"],
  wales: ["GB"],
  "northern ireland": ["GB"],
  usa: ["US"],
  america: ["US"],
  "united states of america": ["US"],
  uae: ["AE"],
  emirates: ["AE"],
  holland: ["NL"],
  "south korea": ["KR"],
  korea: ["KR"],
  "north korea": ["KP"],
  russia: ["RU"],
  "czech republic": ["CZ"],
  czechia: ["CZ"],
  turkey: ["TR"],
  "ivory coast": ["CI"],
  burma: ["MM"],
  "hong kong": ["HK"],
  vietnam: ["VN"],
  drc: ["CD"],
  prc: ["CN"],
  ksa: ["SA"],
};

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();

/** True when `query` names the country: a part of its name, its code, or a common name ("UK"). */
export function matchesCountry(country: Pick<CountryPrice, "country" | "name">, query: string): boolean {
  const q = fold(query);
  if (!q) return true;
  if (fold(country.name).includes(q) || country.country.toLowerCase() === q) return true;
  return Object.entries(ALIASES).some(
    ([alias, codes]) => codes.includes(country.country) && (alias === q || (q.length >= 3 && alias.startsWith(q))),
  );
}

/** Countries by English name (the price list comes by code). */
export function sortByName<T extends Pick<CountryPrice, "name">>(countries: readonly T[]): T[] {
  return [...countries].sort((a, b) => a.name.localeCompare(b.name, "en"));
}

/** True when `query` is exactly the country's code, name or a common name of it. */
function isExact(country: Pick<CountryPrice, "country" | "name">, query: string): boolean {
  const q = fold(query);
  return (
    country.country.toLowerCase() === q || fold(country.name) === q || (ALIASES[q] ?? []).includes(country.country)
  );
}

/** The countries matching `query`: exact ones first ("UK" before Ukraine), each group by name. */
export function searchCountries<T extends Pick<CountryPrice, "country" | "name">>(
  countries: readonly T[],
  query: string,
): T[] {
  const found = sortByName(countries.filter((c) => matchesCountry(c, query)));
  return [...found.filter((c) => isExact(c, query)), ...found.filter((c) => !isExact(c, query))];
}
