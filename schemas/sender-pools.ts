import { z } from "zod";
import { timestampSchema } from "./common";
import { receivingNumberSchema } from "./numbers";

/** contract §15, sender pools. Client-safe: the REST API, tRPC, the dashboard's form and OpenAPI. */

/** A send names a pool as its `from`: `pool_` and the id's base62 characters. */
export const POOL_ID_PATTERN = /^pool_[0-9A-Za-z]{1,40}$/;
export function isPoolId(from: string): boolean {
  return from.startsWith("pool_") && POOL_ID_PATTERN.test(from);
}

/** An organization may keep this many pools, each with this many numbers. */
export const MAX_SENDER_POOLS = 100;
export const MAX_POOL_NUMBERS = 500;

const name = z.string().trim().min(1, "Give the pool a name.").max(100, "At most 100 characters.");
const numbers = z
  .array(receivingNumberSchema)
  .max(MAX_POOL_NUMBERS, `At most ${MAX_POOL_NUMBERS} numbers in a pool.`)
  .meta({
    description: "E.164 numbers or short codes assigned to this organization; a number may be in several pools.",
  });
const alphanumericSenderId = z
  .string()
  .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/, "Use 1 to 11 letters and digits, at least one a letter.")
  .meta({
    description: "Sent where the recipient's country allows alphanumeric sender IDs (not the US or Canada).",
    example: "Acme",
  });

function hasASender(v: { numbers?: string[]; alphanumericSenderId?: string | null }, ctx: z.RefinementCtx) {
  if (v.numbers === undefined && v.alphanumericSenderId === undefined) return;
  if ((v.numbers?.length ?? 0) === 0 && !v.alphanumericSenderId) {
    ctx.addIssue({
      code: "custom",
      path: ["numbers"],
      message: "A pool needs at least one number or an alphanumeric sender ID.",
    });
  }
}

export const createSenderPoolInput = z
  .strictObject({
    name,
    numbers: numbers.default([]),
    alphanumericSenderId: alphanumericSenderId.nullish(),
    stickySender: z
      .boolean()
      .default(true)
      .meta({ description: "Send to a recipient from the pool number that last texted it (within 30 days)." }),
    geoMatch: z
      .boolean()
      .default(true)
      .meta({ description: "Prefer a pool number of the recipient's country (and NANP area code)." }),
  })
  .superRefine(hasASender)
  .meta({ id: "CreateSenderPoolRequest" });
export type CreateSenderPoolInput = z.input<typeof createSenderPoolInput>;

/** Every field optional; the pool that results must still have a sender (checked against the stored pool). */
export const updateSenderPoolInput = z
  .strictObject({
    name: name.optional(),
    numbers: numbers.optional(),
    alphanumericSenderId: alphanumericSenderId.nullable().optional(),
    stickySender: z.boolean().optional(),
    geoMatch: z.boolean().optional(),
  })
  .meta({ id: "UpdateSenderPoolRequest" });
export type UpdateSenderPoolInput = z.input<typeof updateSenderPoolInput>;

export const senderPoolSchema = z
  .object({
    id: z.string().meta({ example: "pool_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    name: z.string(),
    numbers: z.array(z.string()),
    alphanumericSenderId: z.string().nullable(),
    stickySender: z.boolean(),
    geoMatch: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "SenderPool" });
export type SenderPoolView = z.infer<typeof senderPoolSchema>;
