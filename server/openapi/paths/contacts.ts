import { z } from "zod";
import { contactSchema, createContactInput, listContactsQuery, updateContactInput } from "@/schemas/contacts";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";
import { createOptOutInput, listOptOutsQuery, optOutSchema } from "@/schemas/opt-outs";
import { contactSettingsSchema, updateContactSettingsInput } from "@/schemas/contact-settings";
import { importContactsQuery } from "@/schemas/contact-imports";

// contract §10. The same options as app/api/v1/contacts/**/route.ts passes to apiRoute().
const read = { auth: "apiKey", scope: "contacts.read", rateLimit: "contacts" } as const;
const write = { auth: "apiKey", scope: "contacts.write", rateLimit: "contacts" } as const;

const contactIdParams = z.object({
  id: z.string().meta({ description: "The contact's id (`ct_…`).", example: "ct_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

// The route's own query schema, with descriptions for the reader (validation is unchanged).
const listQueryDoc = z.strictObject({
  limit: listContactsQuery.shape.limit.meta({ description: "Page size, 1 to 100 (default 25).", example: 25 }),
  cursor: listContactsQuery.shape.cursor.meta({
    description:
      "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged. A cursor this list did not " +
      "issue to your organization answers 400 `invalid_request`.",
  }),
  tag: listContactsQuery.shape.tag.meta({ description: "Only contacts carrying this tag.", example: "vip" }),
  optedOut: listContactsQuery.shape.optedOut.meta({
    description: "`true`: only opted-out contacts; `false`: only the others.",
  }),
  q: listContactsQuery.shape.q.meta({
    description:
      "A prefix of the phone number (`+4420`), first name, last name or email (case-sensitive for names, " +
      "case-insensitive for email).",
    example: "+1415",
  }),
});

const phoneParams = z.object({
  phone: z.string().meta({ description: "The number, E.164 (`+` may be sent as `%2B`).", example: "+14155550123" }),
});

const importAccepted = z
  .object({ id: z.string().meta({ example: "imp_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }), status: z.literal("PENDING") })
  .meta({ id: "ContactImportAccepted" });

const importSchema = z
  .object({
    id: z.string(),
    status: z.enum(["PENDING", "RUNNING", "COMPLETED", "FAILED"]),
    totalRows: z.number().int(),
    processedRows: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    errors: z.array(
      z.object({
        row: z.number().int().meta({ description: "The row number (the header is row 1)." }),
        message: z.string(),
        line: z.number().int().optional().meta({ description: "The file line the row starts on." }),
        value: z.string().optional().meta({ description: "The refused value (at most 100 characters)." }),
      }),
    ),
    failureReason: z
      .string()
      .nullable()
      .meta({ description: "With status FAILED: why the import stopped; otherwise null." }),
  })
  .meta({ id: "ContactImport" });

const FIELDS =
  "`phone` is E.164, or a local number (`(415) 555-0177`) read in the organization's default country " +
  "(`/api/v1/developer/contact-settings`), and unique in the organization; `firstName`, `lastName` (1 to 100 characters) and `email` " +
  "are optional (email is stored lowercase); `attributes` maps up to 50 keys to strings; `tags` holds up to 20 " +
  "tags (duplicates dropped).";

export const contactsPaths: PathModule = {
  tag: {
    name: "Contacts",
    description:
      "The organization's contacts, unique by phone number, managed with an API key (`contacts.read`, " +
      "`contacts.write`). `optedOut` / `optedOutAt` reflect the organization's opt-out of the contact's number.",
  },
  paths: {
    "/api/v1/contacts": {
      get: operation({
        ...read,
        operationId: "listContacts",
        summary: "List contacts",
        description:
          "Newest first. When more contacts follow, the `X-Next-Cursor` response header holds the `cursor` of the " +
          "next page. Filters combine (AND).",
        query: listQueryDoc,
        success: {
          status: 200,
          description: "One page of contacts.",
          schema: z.array(contactSchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
      post: operation({
        ...write,
        operationId: "createContact",
        summary: "Create a contact",
        description: `${FIELDS} A phone the organization already has answers 409 \`contact_exists\`.`,
        body: createContactInput,
        bodyExample: {
          phone: "+14155550123",
          firstName: "Ada",
          lastName: "Lovelace",
          email: "ada@example.com",
          tags: ["vip"],
        },
        success: { status: 201, description: "The contact.", schema: contactSchema },
        errors: ["contact_exists"],
      }),
    },
    "/api/v1/contacts/imports": {
      post: operation({
        ...write,
        operationId: "importContacts",
        summary: "Import contacts from CSV",
        description:
          "Send the CSV as the body with `Content-Type: text/csv` (at most 10 MiB; other types answer 415, larger " +
          "bodies 413). The header row needs `phone`; `first_name`, `last_name`, `email` and `tags` (`;`-separated) " +
          "are read when present and any other column becomes an attribute. Rows upsert by phone in a background " +
          "job; poll `GET /api/v1/contacts/imports/{id}` for progress. 400 `invalid_request` for a header without " +
          "`phone`, with more than 100 columns, with a column named twice or a name over 64 characters, a row over " +
          "128 KiB, or U+0000 anywhere (the details name the row and column). Rows are checked with the same rules " +
          "as `POST /api/v1/contacts`; a row that breaks them, holds an unterminated quote, or cannot be stored is " +
          "skipped and listed in the import's `errors`. The upload is deleted as the import proceeds. Imports count " +
          "under the `contacts` rate-limit category. A CSV with other column names (`Mobile`, `name`, `E-mail`) " +
          "can say what each is with the optional `mapping` query parameter; without it, the rule above holds. " +
          "A mapping that names a column the header lacks, gives a field to two columns, maps `full_name` beside " +
          "`first_name` or `last_name`, or makes an attribute of a field's name answers 400 `invalid_request`.",
        query: importContactsQuery,
        success: { status: 202, description: "Accepted.", schema: importAccepted },
        errors: ["payload_too_large", "unsupported_media_type", "invalid_request"],
      }),
    },
    "/api/v1/contacts/imports/{id}": {
      get: operation({
        ...read,
        operationId: "getContactImport",
        summary: "Get an import's progress",
        description: "`errors` lists the first 100 rows that were skipped (row numbers count the header as row 1).",
        params: z.object({
          id: z.string().meta({ description: "The import's id (`imp_…`).", example: "imp_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
        }),
        success: { status: 200, description: "The import.", schema: importSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/contacts/export": {
      get: operation({
        ...read,
        operationId: "exportContacts",
        summary: "Export contacts as CSV",
        description:
          "Every contact, streamed as CSV (RFC 4180, CRLF line ends): a header row `phone,first_name,last_name," +
          "email,tags`, then one column per attribute key in use; tags are `;`-separated. The same columns an " +
          "import reads. A cell starting with `=`, `+`, `-` or `@` (other than a phone number) is prefixed with `'`.",
        success: {
          status: 200,
          description: "The CSV.",
          schema: z.string().meta({ example: "phone,first_name,last_name,email,tags\r\n+14155550123,Ada,,,vip\r\n" }),
          mediaType: "text/csv",
        },
      }),
    },
    "/api/v1/contacts/opt-outs": {
      get: operation({
        ...read,
        operationId: "listOptOuts",
        summary: "List opt-outs",
        description:
          "The numbers opted out of the organization's messages, in phone order, with when and how (`source`: " +
          "`keyword`, `api`, `dashboard` or `import`). A number need not be a contact. When more follow, the " +
          "`X-Next-Cursor` response header holds the `cursor` of the next page.",
        query: z.strictObject({
          limit: listOptOutsQuery.shape.limit.meta({ description: "Page size, 1 to 100 (default 50).", example: 50 }),
          cursor: listOptOutsQuery.shape.cursor.meta({
            description: "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged.",
          }),
        }),
        success: {
          status: 200,
          description: "One page of opt-outs.",
          schema: z.array(optOutSchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
      post: operation({
        ...write,
        operationId: "createOptOut",
        summary: "Opt a number out",
        description:
          "Records the opt-out (`source: api`) and emits `contact.opted_out`. A number already opted out keeps its " +
          "first opt-out, answered as is, and no second event is sent.",
        body: createOptOutInput,
        // Not the number the other samples send to: it would refuse them from then on.
        bodyExample: { phone: "+14155550199" },
        success: { status: 201, description: "The opt-out.", schema: optOutSchema },
      }),
    },
    "/api/v1/contacts/opt-outs/{phone}": {
      delete: operation({
        ...write,
        operationId: "deleteOptOut",
        summary: "Opt a number back in",
        description: "Removes the opt-out and emits `contact.opted_in`. A number that is not opted out answers 404.",
        params: phoneParams,
        success: { status: 204, description: "Opted back in." },
        errors: ["not_found", "invalid_phone_number"],
      }),
    },
    "/api/v1/contacts/{id}": {
      get: operation({
        ...read,
        operationId: "getContact",
        summary: "Get a contact",
        params: contactIdParams,
        success: { status: 200, description: "The contact.", schema: contactSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...write,
        operationId: "updateContact",
        summary: "Update a contact",
        description: `Changes only the given fields; \`null\` clears a name or email. ${FIELDS}`,
        params: contactIdParams,
        body: updateContactInput,
        bodyExample: { lastName: "King", tags: ["vip", "newsletter"] },
        success: { status: 200, description: "The updated contact.", schema: contactSchema },
        errors: ["not_found", "contact_exists"],
      }),
      delete: operation({
        ...write,
        operationId: "deleteContact",
        summary: "Delete a contact",
        description: "An opt-out of its number stays: it belongs to the number, not to the contact.",
        params: contactIdParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/contact-settings": {
      get: operation({
        auth: "jwt",
        allow: "contacts.read",
        operationId: "getContactSettings",
        summary: "Get contact settings",
        description: "The country local numbers are read in. Every member reads it.",
        success: { status: 200, description: "The settings.", schema: contactSettingsSchema },
      }),
      patch: operation({
        auth: "jwt",
        allow: "contacts.manage",
        body: updateContactSettingsInput,
        bodyExample: { defaultCountry: "US" },
        operationId: "updateContactSettings",
        summary: "Change contact settings",
        description:
          "`defaultCountry` (ISO 3166-1 alpha-2, or null for E.164 only): contacts created, edited or imported " +
          "afterwards read local numbers in it; stored contacts keep their E.164 phones. Written to the audit log.",
        success: { status: 200, description: "The settings after the change.", schema: contactSettingsSchema },
      }),
    },
  },
};
