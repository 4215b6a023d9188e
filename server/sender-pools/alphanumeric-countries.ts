/**
 * Countries whose carriers deliver SMS from an alphanumeric sender ID (a label such as "Acme"):
 * where a pool's label may be chosen (contract §15). Source: Twilio's "International support for
 * Alphanumeric Sender ID" (support.twilio.com, article 223133767), the countries it lists as
 * supported, pre-registered or not. Not there, so not here: the US and Canada (they drop or rewrite
 * a label), and the countries it marks unsupported (China, Brazil, Chile, Colombia, Argentina,
 * among others). Registration a country requires is the customer's to arrange, as at Twilio.
 */
export const ALPHANUMERIC_SENDER_COUNTRIES: ReadonlySet<string> = new Set(
  [
    // Europe
    "AD AL AT BA BE BG CH CY CZ DE DK EE ES FI FR GB GR HR HU IE IS IT LI LT LU LV MC ME MK MT NL NO PL PT RO RS",
    "SE SI SK UA",
    // Middle East and Africa
    "AE BH EG GH IL JO KE KW MA NG OM QA SA TZ UG ZA",
    // Asia and Oceania
    "AU HK IN LK NZ PH SG TH",
  ].flatMap((line) => line.split(" ")),
);

export function allowsAlphanumericSender(country: string | null | undefined): boolean {
  return country !== null && country !== undefined && ALPHANUMERIC_SENDER_COUNTRIES.has(country);
}
