import { countSegments, type SmsEncoding } from "@/schemas/segments";
import { formatMoney } from "@/schemas/money";
import { countryOf } from "../../billing/country-of";
import { pricePerSegment, priceList } from "../../billing/price-list";
import { withSampleLinks } from "../links/find-urls";
import { composeMessage } from "./compose-message";
import type { ParsedTemplate } from "./parse-template";
import type { TemplateContact } from "./render-template";

export interface MessagePreview {
  /** The text as it will be sent: variables filled, footer appended, links shortened. */
  text: string;
  segments: number;
  encoding: SmsEncoding;
  /** segments × the recipient's country price; "0.0000" in the sandbox, as the send will be. */
  price: string;
  /** The same in integer units of 1/10,000 USD. */
  priceUnits: number;
  /** The destination country, null without a recipient (the default price applies). */
  country: string | null;
  /** Septets (GSM-7) or UTF-16 units (UCS-2): what the segment counter counts. */
  characters: number;
  /** Variables with no value and no fallback: this recipient would be skipped (`invalid_template`). */
  missing: string[];
}

export interface PreviewInput {
  template: ParsedTemplate;
  /** null: fallbacks only (a preview without a contact, a test send to a bare number). */
  contact: TemplateContact | null;
  /** The recipient's number, for the price; defaults to the contact's phone. */
  to?: string | null;
  appendOptOutText: boolean;
  linkTracking: boolean;
  /** LINK_BASE_URL (server/env.ts): tracked links are counted at the length they will have. */
  linkBaseUrl: string;
  environment: "live" | "test";
}

/**
 * A campaign message for one recipient, as `POST /campaigns/:id/preview` answers it (contract §11):
 * the same segment counter and price list as acceptance, so the preview is the bill.
 */
export function previewMessage(input: PreviewInput): MessagePreview {
  const composed = composeMessage(input.template, input.contact, { appendOptOutText: input.appendOptOutText });
  const text = input.linkTracking ? withSampleLinks(composed.text, composed.written, input.linkBaseUrl) : composed.text;
  const { segments, encoding, units } = countSegments(text);
  const to = input.to ?? input.contact?.phone ?? null;
  const country = to ? countryOf(to) : null;
  const priceUnits = input.environment === "live" ? pricePerSegment(priceList(), country) * segments : 0;
  return {
    text,
    segments,
    encoding,
    price: formatMoney(priceUnits),
    priceUnits,
    country,
    characters: units,
    missing: composed.missing,
  };
}
