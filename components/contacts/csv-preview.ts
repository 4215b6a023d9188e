/** The template the import dialog offers: the header and two example rows. */
export const IMPORT_TEMPLATE =
  "phone,first_name,last_name,email,tags,company\r\n" +
  "+14155550123,Ada,Lovelace,ada@example.com,vip;beta,Analytical Engines\r\n" +
  '"(415) 555-0177",Grace,Hopper,grace@example.com,newsletter,"Navy, Research"\r\n';

export interface CsvPreview {
  /** Column names as the import reads them: trimmed and lowercased. */
  header: string[];
  /** The same names as written in the file (trimmed), for showing. */
  names: string[];
  /** The first rows after the header, with the file line each starts on. */
  rows: { line: number; values: string[] }[];
}

/**
 * The first `limit` records of a CSV (RFC 4180 quoting, blank lines skipped), for the import
 * dialog's preview. The server parses the whole file again on upload: this only shows what it will see.
 */
export function previewCsv(text: string, limit = 5): CsvPreview {
  const records: { line: number; values: string[] }[] = [];
  let line = 1;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < text.length && records.length < limit + 1) {
    while (text[at] === "\n" || text[at] === "\r") {
      if (text[at] === "\n") line++;
      at++;
    }
    if (at >= text.length) break;
    const start = line;
    const values: string[] = [];
    let field = "";
    let quoted = false;
    for (; at < text.length; at++) {
      const c = text[at]!;
      if (quoted) {
        if (c === '"' && text[at + 1] === '"') {
          field += '"';
          at++;
        } else if (c === '"') quoted = false;
        else {
          if (c === "\n") line++;
          field += c;
        }
      } else if (c === '"' && field === "") quoted = true;
      else if (c === ",") {
        values.push(field);
        field = "";
      } else if (c === "\n" || c === "\r") break;
      else field += c;
    }
    values.push(field);
    records.push({ line: start, values });
  }
  const [head, ...rows] = records;
  const names = (head?.values ?? []).map((h) => h.trim());
  return { header: names.map((h) => h.toLowerCase()), names, rows };
}
