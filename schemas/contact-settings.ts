import { isSupportedCountry } from "libphonenumber-js/max";
import { z } from "zod";

/** How the organization's contacts' phones are read (issue 30): local numbers in `defaultCountry`. */
export const contactSettingsSchema = z
  .object({
    defaultCountry: z
      .string()
      .nullable()
      .meta({
        description:
          "ISO 3166-1 alpha-2. Contacts' local numbers (`(415) 555-0177`) are read in this country, in the API, " +
          "the dashboard and imports; null: only E.164 is accepted.",
        example: "US",
      }),
  })
  .meta({ id: "ContactSettings" });
export type ContactSettings = z.infer<typeof contactSettingsSchema>;

export const updateContactSettingsInput = z.strictObject({
  defaultCountry: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "An ISO 3166-1 alpha-2 country code, e.g. US.")
    .refine((c) => isSupportedCountry(c), { message: "No phone numbering plan is known for this country." })
    .nullable(),
});
export type UpdateContactSettingsInput = z.input<typeof updateContactSettingsInput>;
