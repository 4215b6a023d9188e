"use client";

import { Badge } from "../ui/badge";
import { KNOWN_COLUMNS, type CsvPreview } from "./csv-preview";

/** The file's first rows under the columns the import recognised: known fields, or attributes. */
export function ImportPreview({ preview }: { preview: CsvPreview }) {
  const { header, rows } = preview;
  return (
    <div className="space-y-2" data-testid="import-preview">
      <div className="flex flex-wrap gap-1.5" aria-label="Recognised columns">
        {header.map((h, i) =>
          h === "" ? null : (
            <Badge key={`${h}-${i}`} tone={KNOWN_COLUMNS[h] ? "green" : "gray"}>
              {h} · {KNOWN_COLUMNS[h] ?? "attribute"}
            </Badge>
          ),
        )}
        {header.includes("phone") ? null : <Badge tone="red">no phone column: the import needs one</Badge>}
      </div>
      {rows.length > 0 ? (
        <div className="max-h-48 overflow-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full text-xs">
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="px-2 py-1.5 font-medium">Line</th>
                {header.map((h, i) => (
                  <th key={i} className="px-2 py-1.5 font-mono font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((r) => (
                <tr key={r.line}>
                  <td className="px-2 py-1 text-slate-500 tabular-nums">{r.line}</td>
                  {header.map((_, i) => (
                    <td key={i} className="max-w-40 truncate px-2 py-1 whitespace-nowrap text-slate-800">
                      {r.values[i] ?? ""}
                    </td>
                  ))}
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
