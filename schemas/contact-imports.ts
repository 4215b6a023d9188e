import { z } from "zod";

/**
 * What a CSV column can be imported as (contract §10 with issue 39's optional mapping): one of the
 * contact's fields, `full_name` (split into first and last name), an attribute named after the
 * column, or nothing.
 */
export const IMPORT_FIELDS = [
  "phone",
  "first_name",
  "last_name",
  "full_name",
  "email",
  "tags",
  "attribute",
  "skip",
] as const;
export const importFieldSchema = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof importFieldSchema>;

/** The column names §10 reads by name, without a mapping; any other column is an attribute. */
export const CONTRACT_COLUMNS = ["phone", "first_name", "last_name", "email", "tags"] as const;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  phone: "Phone",
  first_name: "First name",
  last_name: "Last name",
  full_name: "Full name (split into first and last)",
  email: "Email",
  tags: "Tags (;-separated)",
  attribute: "Attribute",
  skip: "Don't import",
};

/** A column's name as the import compares it: trimmed and lowercased. */
export const importColumnKey = (name: string) => name.trim().toLowerCase();

/**
 * `{ "<column as in the header>": field }`: the columns it names are read as it says, matched
 * case-insensitively; the others keep §10's rule. Without a mapping an import is exactly §10.
 */
export const importMappingSchema = z
  .record(z.string().trim().min(1, "A column name is empty.").max(64), importFieldSchema)
  .refine((m) => Object.keys(m).length <= 100, { message: "At most 100 columns." })
  .meta({
    id: "ContactImportMapping",
    description:
      "Column name (as in the header row, any case) → `phone`, `first_name`, `last_name`, `full_name` (split at " +
      "the first space: first name, then the rest as last name), `email`, `tags`, `attribute` or `skip`. Columns " +
      "not named keep the default rule.",
    example: { Mobile: "phone", name: "full_name", "e-mail": "email", Notes: "skip" },
  });
export type ImportMapping = z.infer<typeof importMappingSchema>;

/** `POST /contacts/imports?mapping=<JSON>`: the mapping as URL-encoded JSON; without it, §10 as it is. */
export const importContactsQuery = z.object({
  mapping: z
    .string()
    .max(16_384)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "`mapping` is not JSON." });
        return z.NEVER;
      }
    })
    .pipe(importMappingSchema)
    .optional()
    .meta({
      description:
        "Optional, URL-encoded JSON: which field each named column is, for a CSV whose header does not use the " +
        "default names. Column name (as in the header row, any case) → `phone`, `first_name`, `last_name`, " +
        "`full_name` (split at the first space: the first word is the first name, the rest the last name), " +
        "`email`, `tags`, `attribute` or `skip`. Columns not named keep the default rule.",
      example: JSON.stringify({ Mobile: "phone", name: "full_name", "e-mail": "email", Notes: "skip" }),
    }),
});

const GUESSES: Record<string, ImportField> = {};
const guess = (field: ImportField, names: string[]) => names.forEach((n) => (GUESSES[n] = field));
guess("phone", [
  "phone",
  "phone_number",
  "phonenumber",
  "mobile",
  "mobile_number",
  "mobile_phone",
  "cell",
  "cellphone",
  "cell_phone",
  "telephone",
  "tel",
  "msisdn",
]);
guess("first_name", ["first_name", "firstname", "first", "given_name", "forename"]);
guess("last_name", ["last_name", "lastname", "last", "surname", "family_name"]);
guess("full_name", ["name", "full_name", "fullname", "contact_name", "display_name"]);
guess("email", ["email", "e_mail", "email_address", "mail"]);
guess("tags", ["tags", "tag", "labels"]);

/**
 * The dashboard's first guess for a column, from its name: `Mobile`, `phone_number` → phone,
 * `name`, `Full Name` → full_name, `E-mail` → email; anything else an attribute. The person
 * importing can change every guess before the upload.
 */
export function guessImportField(column: string): ImportField {
  const key = importColumnKey(column).replace(/[\s-]+/g, "_");
  if (key === "") return "skip";
  return GUESSES[key] ?? "attribute";
}

/**
 * What is wrong with reading the columns as `targets` (one per column), beyond a missing phone:
 * a field given to two columns, or a full name beside first or last names. The import and the
 * dashboard's mapping step say the same.
 */
export function targetsProblem(targets: readonly ImportField[]): string | null {
  const named = targets.filter((t) => t !== "attribute" && t !== "skip");
  const twice = named.find((t, i) => named.indexOf(t) !== i);
  if (twice) return `Two columns would be read as \`${twice}\`.`;
  if (named.includes("full_name") && (named.includes("first_name") || named.includes("last_name"))) {
    return "Map either a full name or first and last names, not both.";
  }
  return null;
}

/** Splits "Ada King Lovelace" into first "Ada" and last "King Lovelace"; one word is a first name. */
export function splitFullName(full: string): { first: string; last: string } {
  const name = full.trim().replace(/\s+/g, " ");
  const space = name.indexOf(" ");
  return space < 0 ? { first: name, last: "" } : { first: name.slice(0, space), last: name.slice(space + 1) };
}
