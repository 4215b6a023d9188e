import { z } from "zod";
import { countryCodeSchema, moneySchema } from "./money";
import { messageBodySchema, SMS_ENCODINGS } from "./messages";
import { phoneNumberSchema } from "./phone";

/** contract §8: one country's price per outbound segment. */
export const countryPriceSchema = z
  .object({
    country: countryCodeSchema,
    name: z.string().meta({ example: "United States" }),
    pricePerSegment: moneySchema,
  })
  .meta({ id: "CountryPrice" });
export type CountryPrice = z.infer<typeof countryPriceSchema>;

export const currencySchema = z.literal("USD");

/** contract §8: `GET /api/v1/pricing/sms`. */
export const smsPriceListResponse = z
  .object({ currency: currencySchema, countries: z.array(countryPriceSchema) })
  .meta({ id: "SmsPriceList" });

export const countryParamSchema = z.object({
  country: z.string().meta({ description: "ISO 3166-1 alpha-2 country code (case-insensitive).", example: "US" }),
});

/** contract §8: `POST /api/v1/sms/quote`. */
export const smsQuoteInput = z
  .strictObject({ to: phoneNumberSchema, body: messageBodySchema })
  .meta({ id: "SmsQuoteRequest" });

export const smsQuoteResponse = z
  .object({
    to: z.string(),
    country: countryCodeSchema.nullable().meta({ description: "The recipient's country; null when unknown." }),
    segments: z.number().int(),
    encoding: z.enum(SMS_ENCODINGS),
    pricePerSegment: moneySchema,
    price: moneySchema.meta({ description: "`segments` × `pricePerSegment`: what the message costs when sent live." }),
    currency: currencySchema,
  })
  .meta({ id: "SmsQuote" });
export type SmsQuote = z.infer<typeof smsQuoteResponse>;
