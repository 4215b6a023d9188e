// A wide contacts CSV (issue 37 §4): 100 columns, the five the import reads and 95 attributes of which
// 45 are filled on every row (a contact holds at most 50). 20,000 rows come to about 6 MiB, within
// the import's 10 MiB. For app/api/v1/contacts/imports/import-latency.int.test.ts and the bench's
// `--only imports` (server/scripts/bench/import-latency.ts).

export const WIDE_COLUMNS = 100;
const FILLED_ATTRIBUTES = 45;

/** `rows` valid, distinct US numbers (+1 415 2xx xxxx), from `first`. */
export function wideContactsCsv(rows: number, first = 0): string {
  const attributes = Array.from({ length: WIDE_COLUMNS - 5 }, (_, i) => `a${i}`);
  const lines = [["phone", "first_name", "last_name", "email", "tags", ...attributes].join(",")];
  for (let i = first; i < first + rows; i++) {
    const n = String(i).padStart(6, "0");
    const values = attributes.map((_, a) => (a < FILLED_ATTRIBUTES ? `v${(i + a) % 1000}` : ""));
    lines.push([`+14152${n}`, `F${i}`, `L${i}`, `p${i}@example.com`, "a;b", ...values].join(","));
  }
  return `${lines.join("\n")}\n`;
}
