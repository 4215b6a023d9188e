import { z } from "zod";
import { timestampSchema } from "./common";

/** A long code in E.164, or a short code of 3 to 8 digits. */
export const receivingNumberSchema = z
  .string()
  .regex(/^(\+[1-9][0-9]{7,14}|[0-9]{3,8})$/, "Use E.164 (+14155550123) or a short code of 3 to 8 digits.")
  .meta({ example: "+14155550100" });

/** What carriers let a sender send (contract §15): its type sets the default throughput. */
export const SENDER_TYPES = ["long_code", "toll_free", "short_code"] as const;
export const senderTypeSchema = z.enum(SENDER_TYPES).meta({ example: "long_code" });
export type SenderType = z.infer<typeof senderTypeSchema>;

/** Message segments per second: 0.1 to 1,000 (contract §15). */
export const mpsSchema = z.number().min(0.1).max(1000).meta({ example: 1 });

export const assignNumberInput = z.strictObject({
  number: receivingNumberSchema,
  organizationId: z.string().min(1).max(64).meta({ example: "org_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
  type: senderTypeSchema.optional(),
  mps: mpsSchema.optional(),
});
export type AssignNumberInput = z.input<typeof assignNumberInput>;

export const updateNumberInput = z
  .strictObject({ type: senderTypeSchema.optional(), mps: mpsSchema.optional() })
  .refine((v) => v.type !== undefined || v.mps !== undefined, { message: "Send type, mps or both." });
export type UpdateNumberInput = z.input<typeof updateNumberInput>;

export const phoneNumberViewSchema = z
  .object({
    number: z.string(),
    organizationId: z.string(),
    type: senderTypeSchema,
    mps: z.number(),
    createdAt: timestampSchema,
  })
  .meta({ id: "ReceivingNumber" });
export type PhoneNumberView = z.infer<typeof phoneNumberViewSchema>;

/** A sender's paced queue (contract §15): what waits, since when, and how long it should take. */
export const senderQueueSchema = z
  .object({
    segments: z.number().int(),
    oldestQueuedAt: timestampSchema.nullable(),
    estimatedWaitSeconds: z.number().int(),
  })
  .meta({ id: "SenderQueue" });
export type SenderQueueView = z.infer<typeof senderQueueSchema>;

/** `GET /api/v1/numbers`: the organization's numbers, each with its country and queue. */
export const organizationNumberSchema = phoneNumberViewSchema
  .extend({ country: z.string().nullable(), queue: senderQueueSchema })
  .meta({ id: "OrganizationNumber" });
export type OrganizationNumberView = z.infer<typeof organizationNumberSchema>;

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
