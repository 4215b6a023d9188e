import { z } from "zod";
import { validatePhoneNumber } from "./phone";
import { listCursorSchema, timestampSchema } from "./common";

/** contract §10: at most 50 attributes and 20 tags per contact. */
export const MAX_CONTACT_ATTRIBUTES = 50;
export const MAX_CONTACT_TAGS = 20;
export const CONTACT_PAGE_SIZE = 25;
export const MAX_CONTACT_PAGE_SIZE = 100;

const name = z.string().trim().min(1).max(100);
// Stored lowercase so the prefix search on email (a "C"-collated btree range) is case-insensitive.
const email = z
  .email()
  .max(254)
  .transform((v) => v.toLowerCase());
const tag = z.string().trim().min(1).max(50);
// `__proto__` is no name a JavaScript object keeps as a key: parsing dropped it without a word
// (issue 38). Refused by name, on the input (the record's own parse never sees it).
const attributes = z.preprocess(
  (input, ctx) => {
    if (input && typeof input === "object" && Object.hasOwn(input, "__proto__")) {
      ctx.addIssue({ code: "custom", message: "`__proto__` cannot be an attribute name.", path: ["__proto__"] });
    }
    return input;
  },
  z
    .record(z.string().trim().min(1).max(64), z.string().max(1000))
    .refine((a) => Object.keys(a).length <= MAX_CONTACT_ATTRIBUTES, {
      message: `At most ${MAX_CONTACT_ATTRIBUTES} attributes.`,
    }),
);
const tags = z
  .array(tag)
  .max(MAX_CONTACT_TAGS)
  .transform((t) => [...new Set(t)]);

/**
 * A contact's phone: E.164 (separators allowed), or a local number such as `(415) 555-0177`, which
 * the server reads in the organization's default country (server/contacts/contact-phone.ts).
 */
export const contactPhoneSchema = z
  .string()
  .trim()
  .max(32)
  .superRefine((value, ctx) => {
    const local = /^[0-9\s().\-/]{4,32}$/.test(value);
    const result = value.startsWith("+") || !local ? validatePhoneNumber(value.replace(/[\s().\-/]/g, "")) : null;
    if (result && !result.ok) {
      ctx.addIssue({ code: "custom", message: result.message, params: { code: "invalid_phone_number" } });
    }
  })
  .meta({
    example: "+14155550123",
    description: "E.164, or a local number (`(415) 555-0177`) read in the organization's default country.",
  });

export const createContactInput = z.strictObject({
  phone: contactPhoneSchema,
  firstName: name.nullish(),
  lastName: name.nullish(),
  email: email.nullish(),
  attributes: attributes.optional(),
  tags: tags.optional(),
});
export type CreateContactInput = z.input<typeof createContactInput>;

/** PATCH: every field optional; null clears a name or email. The phone can change (still unique). */
export const updateContactInput = createContactInput.partial();
export type UpdateContactInput = z.input<typeof updateContactInput>;

export const contactSchema = z
  .object({
    id: z.string().meta({ example: "ct_2Qm8bZ0aF3kLwX9yT1uV" }),
    phone: z.string().meta({ example: "+14155550123" }),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    attributes: z.record(z.string(), z.string()),
    tags: z.array(z.string()),
    optedOut: z.boolean(),
    optedOutAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Contact" });
export type ContactView = z.infer<typeof contactSchema>;

const booleanParam = z.enum(["true", "false"]).transform((v) => v === "true");

export const listContactsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_CONTACT_PAGE_SIZE).default(CONTACT_PAGE_SIZE),
  cursor: listCursorSchema.optional(),
  tag: tag.optional(),
  optedOut: booleanParam.optional(),
  /** A prefix of the phone number, first or last name, or email. */
  q: z.string().trim().min(1).max(100).optional(),
});
/** The parsed filters (REST query, tRPC input): the domain function takes these. */
export type ContactFilters = z.output<typeof listContactsQuery>;

export interface ContactPage {
  items: ContactView[];
  nextCursor: string | null;
}
