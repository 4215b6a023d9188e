import { AppError } from "../../errors";
import { isStorableText } from "../../http/storable-text";
import { MAX_IMPORT_COLUMNS } from "./csv-records";

const MAX_COLUMN_NAME = 64;

const refuse = (message: string, detail: string) =>
  new AppError("invalid_request", message, { details: [{ path: "csv", message: detail }] });

/**
 * The import's header row (contract §10), as column names: trimmed and lowercased. 400 without a
 * `phone` column, past MAX_IMPORT_COLUMNS columns, with a name twice, a name longer than an
 * attribute key may be, or `__proto__` (no object can hold it as a key).
 */
export function importHeader(values: string[]): string[] {
  if (values.length > MAX_IMPORT_COLUMNS) {
    throw refuse(
      `The CSV has ${values.length} columns; at most ${MAX_IMPORT_COLUMNS} are allowed.`,
      "too many columns",
    );
  }
  const header = values.map((h) => h.trim().toLowerCase());
  if (!header.includes("phone"))
    throw refuse("The CSV needs a header row with a `phone` column.", "missing phone column");
  const seen = new Set<string>();
  for (const name of header) {
    if (!isStorableText(name)) throw refuse("A column name holds U+0000.", "column name not storable");
    if (name.length > MAX_COLUMN_NAME) {
      throw refuse(`Column names are at most ${MAX_COLUMN_NAME} characters.`, `column name too long`);
    }
    if (name === "__proto__") {
      throw refuse("`__proto__` cannot be a column: attribute names must be plain keys.", "column name not allowed");
    }
    if (name !== "" && seen.has(name))
      throw refuse(`The column \`${name}\` appears twice in the header.`, "duplicate column");
    seen.add(name);
  }
  return header;
}
