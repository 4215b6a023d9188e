import { AppError } from "../../errors";
import { isStorableText } from "../../http/storable-text";
import { MAX_IMPORT_COLUMNS } from "./csv-records";
import {
  CONTRACT_COLUMNS,
  importColumnKey,
  splitFullName,
  targetsProblem,
  type ImportField,
  type ImportMapping,
} from "@/schemas/contact-imports";

const MAX_COLUMN_NAME = 64;

const refuse = (message: string, detail: string, path = "csv") =>
  new AppError("invalid_request", message, { details: [{ path, message: detail }] });

/**
 * How the import reads its records: `header` names each value as §10 reads it (`phone`,
 * `first_name`, …, an attribute's name, or "" for a column left out), and `apply` turns a record's
 * values into those, splitting a full name into first and last name (appended as the last column).
 * The stored chunks hold `header` and applied values, so processing needs nothing else.
 */
export interface ImportPlan {
  header: string[];
  apply(values: string[]): string[];
}

/**
 * The import's header row (contract §10), read through the optional mapping (issue 39): column
 * names trimmed and lowercased; 400 without a `phone` column, past MAX_IMPORT_COLUMNS columns, with
 * a name twice, a name longer than an attribute key may be, an attribute named `__proto__`, or a
 * mapping that names a column the header lacks, gives a field twice, maps a full name beside first
 * or last names, or would store an attribute under a field's name.
 */
export function planImport(values: string[], mapping: ImportMapping = {}): ImportPlan {
  if (values.length > MAX_IMPORT_COLUMNS) {
    throw refuse(
      `The CSV has ${values.length} columns; at most ${MAX_IMPORT_COLUMNS} are allowed.`,
      "too many columns",
    );
  }
  const columns = values.map(importColumnKey);
  const seen = new Set<string>();
  for (const name of columns) {
    if (!isStorableText(name)) throw refuse("A column name holds U+0000.", "column name not storable");
    if (name.length > MAX_COLUMN_NAME) {
      throw refuse(`Column names are at most ${MAX_COLUMN_NAME} characters.`, `column name too long`);
    }
    if (name !== "" && seen.has(name))
      throw refuse(`The column \`${name}\` appears twice in the header.`, "duplicate column");
    seen.add(name);
  }
  if (columns.every((c) => c === "")) {
    throw refuse("The CSV needs a header row with a `phone` column.", "missing phone column");
  }
  const fields = new Map<string, ImportField>();
  for (const [column, field] of Object.entries(mapping)) {
    const key = importColumnKey(column);
    if (!seen.has(key)) {
      throw refuse(`The mapping names \`${column}\`, which is not a column of the CSV.`, "unknown column", "mapping");
    }
    fields.set(key, field);
  }
  // Each column's target: a field (mapped, or §10's own name), an attribute under its name, or none.
  const contract = CONTRACT_COLUMNS as readonly string[];
  const targets = columns.map((name): ImportField => {
    const field = fields.get(name);
    if (field === "attribute" && contract.includes(name)) {
      throw refuse(`\`${name}\` is a contact field's name: it cannot be an attribute.`, "attribute name", "mapping");
    }
    const target = field ?? (name === "" ? "skip" : contract.includes(name) ? (name as ImportField) : "attribute");
    // No object can hold `__proto__` as a key: it would vanish from every row's attributes (issue 38).
    if (target === "attribute" && name === "__proto__") {
      throw refuse("`__proto__` cannot be a column: attribute names must be plain keys.", "column name not allowed");
    }
    return target;
  });
  const problem = targetsProblem(targets);
  if (problem) throw refuse(problem, "columns mapped to the same field", "mapping");
  const fullAt = targets.indexOf("full_name");
  const header = targets.map((t, i) =>
    t === "attribute" ? columns[i]! : t === "skip" ? "" : t === "full_name" ? "first_name" : t,
  );
  if (!header.includes("phone")) {
    throw refuse("The CSV needs a header row with a `phone` column.", "missing phone column");
  }
  if (fullAt < 0) return { header, apply: (v) => v };
  // The full name's column becomes first_name, and its last name a column of its own at the end.
  const width = header.length;
  return {
    header: [...header, "last_name"],
    apply(v) {
      const { first, last } = splitFullName(v[fullAt] ?? "");
      const padded = v.length >= width ? [...v] : [...v, ...Array<string>(width - v.length).fill("")];
      padded[fullAt] = first;
      // Extra values beyond the header stay where the row check finds them; the last name goes at `width`.
      padded.splice(width, 0, last);
      return padded;
    },
  };
}
