import { AppError } from "../errors";
import type { Refusal } from "../messages/insert-messages";
import { countryOf } from "./country-of";
import { pricePerSegment, priceList } from "./price-list";

/**
 * A message's price at acceptance (contract §8): live, segments × its country's price per segment;
 * sandbox, nothing. The country goes with it either way: allowed countries apply to both.
 */
export function priceMessage(environment: "live" | "test", to: string, segments: number) {
  return priceForCountry(environment, countryOf(to), segments);
}

/** priceMessage for a recipient whose country is already known (a campaign's contact, contacts.country). */
export function priceForCountry(environment: "live" | "test", country: string | null, segments: number) {
  const priceUnits = environment === "live" ? pricePerSegment(priceList(), country) * segments : 0;
  return { country, priceUnits };
}

/** The error a refused item answers with (single sends, OTP; bulk reports it by index). */
export function refusalError(refusal: Refusal, to: string, country: string | null): AppError {
  switch (refusal) {
    case "country_not_allowed":
      return new AppError(
        "country_not_allowed",
        `Messages to ${country ?? "this destination"} (${to}) are not allowed by this organization's allowed countries.`,
      );
    case "recipient_opted_out":
      return new AppError(
        "recipient_opted_out",
        `${to} has opted out of this organization's messages; nothing was sent.`,
      );
    case "spending_limit_reached":
      return new AppError(
        "spending_limit_reached",
        "This message would take the organization's spend past its monthly limit. Raise the limit or wait for the next month.",
      );
    case "queue_full":
      // Single sends answer with the sender's own wait (messages/queue-full.ts); bulk by index.
      return new AppError("queue_full");
  }
}
