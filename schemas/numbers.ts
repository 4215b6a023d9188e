import { z } from "zod";
import { timestampSchema } from "./common";

/** A long code in E.164, or a short code of 3 to 8 digits. */
export const receivingNumberSchema = z
  .string()
  .regex(/^(\+[1-9][0-9]{7,14}|[0-9]{3,8})$/, "Use E.164 (+14155550123) or a short code of 3 to 8 digits.")
  .meta({ example: "+14155550100" });

export const assignNumberInput = z.strictObject({
  number: receivingNumberSchema,
  organizationId: z.string().min(1).max(64).meta({ example: "org_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});
export type AssignNumberInput = z.input<typeof assignNumberInput>;

export const phoneNumberViewSchema = z
  .object({ number: z.string(), organizationId: z.string(), createdAt: timestampSchema })
  .meta({ id: "ReceivingNumber" });
export type PhoneNumberView = z.infer<typeof phoneNumberViewSchema>;

/** What kind of number receives: from libphonenumber's metadata, or a short code by its shape. */
export const NUMBER_KINDS = {
  mobile: "Mobile long code",
  landline: "Landline long code",
  long_code: "Long code",
  toll_free: "Toll-free",
  short_code: "Short code",
} as const;
export type NumberKind = keyof typeof NUMBER_KINDS;

/** The dashboard's row: the REST object plus the number's kind and country (ISO 3166-1 alpha-2, null if unknown). */
export const numberDetailsSchema = phoneNumberViewSchema.extend({
  kind: z.enum(Object.keys(NUMBER_KINDS) as [NumberKind, ...NumberKind[]]),
  country: z.string().nullable(),
});
export type NumberDetails = z.infer<typeof numberDetailsSchema>;
