import { z } from "zod";
import { getCountries } from "libphonenumber-js/max";
import { countryCodeSchema, moneySchema } from "./money";
import { currencySchema } from "./pricing";
import { timestampSchema } from "./common";

export const DEFAULT_ALERT_THRESHOLDS = [50, 80, 100] as const;

const KNOWN = new Set<string>(getCountries());

const thresholdsSchema = z
  .array(z.number().int().min(1, "At least 1 (percent).").max(100, "At most 100 (percent)."))
  .min(1, "Give 1 to 5 thresholds.")
  .max(5, "Give 1 to 5 thresholds.")
  .refine((list) => new Set(list).size === list.length, "A threshold appears twice.")
  .meta({ description: "Percents of the limit that raise `billing.threshold_reached`, once each per month." });

const allowedCountriesSchema = z
  .array(countryCodeSchema.refine((c) => KNOWN.has(c), { message: "Not a country code libphonenumber knows." }))
  .min(1, "List at least one country, or send null to allow all.")
  .max(KNOWN.size)
  .refine((list) => new Set(list).size === list.length, "A country appears twice.")
  .nullable()
  .meta({ description: "ISO 3166-1 alpha-2 codes messages may go to (sandbox and live); null allows every country." });

/** contract §8: `PATCH /api/v1/developer/billing`, any subset. */
export const updateBillingInput = z
  .strictObject({
    monthlySpendLimit: moneySchema
      .nullable()
      .meta({ description: 'Most live spend per UTC calendar month, e.g. "250.0000"; null for no limit.' })
      .optional(),
    alertThresholds: thresholdsSchema.optional(),
    allowedCountries: allowedCountriesSchema.optional(),
  })
  .meta({ id: "UpdateBillingRequest" });
export type UpdateBillingInput = z.infer<typeof updateBillingInput>;

/** contract §8: `GET /api/v1/developer/billing`. */
export const billingResponse = z
  .object({
    currency: currencySchema,
    monthlySpendLimit: moneySchema.nullable(),
    alertThresholds: z.array(z.number().int()),
    allowedCountries: z.array(z.string()).nullable(),
    period: z
      .object({ start: timestampSchema, end: timestampSchema })
      .meta({ description: "The current UTC calendar month; `end` is exclusive." }),
    monthToDate: z.object({
      spend: moneySchema,
      messages: z.number().int(),
      segments: z.number().int(),
    }),
  })
  .meta({ id: "Billing" });
export type BillingView = z.infer<typeof billingResponse>;
