import { resolvePhone } from "@/schemas/local-phone";
import { createContactInput } from "@/schemas/contacts";
import type { CsvRecord } from "./csv-records";

export interface RowError {
  row: number;
  message: string;
  /** The file line the row starts on, when known. */
  line?: number;
  /** The value that was refused (cut to 100 characters), when one value is to blame. */
  value?: string;
}

/** A row ready to upsert; `row` is its 1-based number in the CSV (the header is row 1). */
export interface ImportedContact {
  row: number;
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  tags: string[];
  attributes: Record<string, string>;
}

const KNOWN = new Set(["phone", "first_name", "last_name", "email", "tags"]);
// The API's own rules (lengths, email, attribute and tag limits): an import stores nothing the API
// would refuse.
const rowSchema = createContactInput.omit({ phone: true });

/** One CSV record as a contact, or the reason it is skipped. */
export function toImportedContact(
  header: string[],
  record: CsvRecord,
  row: number,
  defaultCountry: string | null = null,
): ImportedContact | RowError {
  const at = { row, ...(record.line ? { line: record.line } : {}) };
  const refuse = (message: string, value?: string): RowError => ({
    ...at,
    message,
    ...(value !== undefined ? { value: value.slice(0, 100) } : {}),
  });
  if ("error" in record) return refuse(record.error);
  const { values } = record;
  if (values.length > header.length && values.slice(header.length).some((v) => v.trim() !== "")) {
    return refuse(`The row has ${values.length} values for ${header.length} columns.`);
  }
  const get = (name: string) => {
    const i = header.indexOf(name);
    const v = i < 0 ? "" : (values[i] ?? "").trim();
    return v === "" ? undefined : v;
  };
  const rawPhone = get("phone") ?? "";
  if (rawPhone === "") return refuse("`phone` is empty.");
  const phone = resolvePhone(rawPhone, defaultCountry);
  if (!phone.ok) return refuse(phone.message, rawPhone);
  const attributes: Record<string, string> = {};
  header.forEach((h, i) => {
    const v = (values[i] ?? "").trim();
    if (!KNOWN.has(h) && h !== "" && v !== "") attributes[h] = v;
  });
  const tags = (get("tags") ?? "")
    .split(";")
    .map((t) => t.trim())
    .filter(Boolean);
  const parsed = rowSchema.safeParse({
    firstName: get("first_name"),
    lastName: get("last_name"),
    email: get("email"),
    attributes,
    tags,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const column = COLUMN_OF[String(issue.path[0])] ?? String(issue.path[0] ?? "");
    const where = issue.path[0] === "attributes" && issue.path.length > 1 ? String(issue.path[1]) : column;
    const value = where ? get(where) : undefined;
    return refuse(`${where ? `\`${where}\`: ` : ""}${issue.message}`, value);
  }
  const c = parsed.data;
  return {
    row,
    phone: phone.e164,
    firstName: c.firstName ?? null,
    lastName: c.lastName ?? null,
    email: c.email ?? null,
    tags: c.tags ?? [],
    attributes: c.attributes ?? {},
  };
}

const COLUMN_OF: Record<string, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  tags: "tags",
  attributes: "attributes",
};
