"use client";

import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField } from "@/schemas/contact-imports";
import { Select } from "../ui/input";
import type { CsvPreview } from "./csv-preview";

/**
 * The mapping step: each column of the file with its first values and what it is imported as,
 * guessed from its name (`name` → full name, `mobile` → phone, `e-mail` → email) and changeable.
 * Then the first rows as they will be read.
 */
export function ImportPreview({
  preview,
  fields,
  onChange,
  problem,
}: {
  preview: CsvPreview;
  /** One per column, in the file's order. */
  fields: ImportField[];
  onChange: (column: number, field: ImportField) => void;
  problem: string | null;
}) {
  const { names, rows } = preview;
  return (
    <div className="space-y-3" data-testid="import-preview">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-slate-700">Columns</legend>
        <ul className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Column mapping">
          {names.map((name, i) => (
            <li key={i} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
              <div className="min-w-0 flex-1 basis-40">
                <label htmlFor={`import-column-${i}`} className="block truncate font-mono text-[13px] text-slate-900">
                  {name || `(column ${i + 1}, no name)`}
                </label>
                <span className="block truncate text-xs text-slate-500">
                  {rows
                    .map((r) => r.values[i] ?? "")
                    .filter((v) => v.trim() !== "")
                    .slice(0, 2)
                    .join(" · ") || "empty in the first rows"}
                </span>
              </div>
              <Select
                id={`import-column-${i}`}
                value={fields[i]}
                onChange={(e) => onChange(i, e.target.value as ImportField)}
                className="w-full sm:w-60"
              >
                {IMPORT_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {f === "attribute" && name ? `Attribute “${name.toLowerCase()}”` : IMPORT_FIELD_LABELS[f]}
                  </option>
                ))}
              </Select>
            </li>
          ))}
        </ul>
      </fieldset>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="max-h-48 overflow-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full text-xs">
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-2 py-1.5 font-medium">Line</th>
                {names.map((n, i) =>
                  fields[i] === "skip" ? null : (
                    <th key={i} className="px-2 py-1.5 font-medium whitespace-nowrap">
                      {fields[i] === "attribute" ? (
                        <span className="font-mono">{n.toLowerCase()}</span>
                      ) : (
                        IMPORT_FIELD_LABELS[fields[i]!]
                      )}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.line}>
                  <td className="px-2 py-1 text-slate-500 tabular-nums">{r.line}</td>
                  {names.map((_, i) =>
                    fields[i] === "skip" ? null : (
                      <td key={i} className="max-w-40 truncate px-2 py-1 whitespace-nowrap text-slate-800">
                        {r.values[i] ?? ""}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="text-xs text-slate-500">The first {rows.length} rows; the whole file is checked on import.</p>
    </div>
  );
}
