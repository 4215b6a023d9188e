import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { parse } from "csv-parse";

/** contract §10 imports: at most this many columns (400 above). */
export const MAX_IMPORT_COLUMNS = 100;
/** Longest record, in characters: 100 columns of the longest attribute value (1,000) and some. */
export const MAX_IMPORT_RECORD_CHARS = 128 * 1024;
// Parsed between two turns of the event loop: a few milliseconds of work, so health checks and
// other requests keep answering while a 10 MiB import is read.
const CHUNK_BYTES = 16 * 1024;

/**
 * One record of the CSV: its values, or why that row cannot be read. `line` is the file line the
 * record starts on (1-based; blank lines and quoted line breaks make it differ from the row number).
 */
export type CsvRecord = { values: string[]; line?: number } | { error: string; line?: number };

/** Counts file lines up to each record's first byte, once over the file. */
function lineCounter(bytes: Buffer) {
  let scanned = 0;
  let newlines = 0;
  return (from: number): number => {
    let start = from;
    // Blank lines before the record are skipped by the parser: the record starts after them.
    while (start < bytes.length && (bytes[start] === 0x0a || bytes[start] === 0x0d)) start++;
    for (let at = bytes.indexOf(0x0a, scanned); at >= 0 && at < start; at = bytes.indexOf(0x0a, at + 1)) newlines++;
    scanned = Math.max(scanned, start);
    return newlines + 1;
  };
}

/** A record longer than MAX_IMPORT_RECORD_CHARS: the whole CSV is refused (400). */
export class CsvRecordTooLarge extends Error {
  constructor(readonly row: number) {
    super(`Row ${row} is longer than ${MAX_IMPORT_RECORD_CHARS} characters.`);
  }
}

async function* chunks(bytes: Buffer, from: number): AsyncGenerator<Buffer> {
  for (let at = from; at < bytes.length; at += CHUNK_BYTES) {
    yield bytes.subarray(at, Math.min(at + CHUNK_BYTES, bytes.length));
    await yieldToEventLoop();
  }
}

/** Where the row after an unterminated quote starts: the line after the one that opened it. */
function lineAfter(bytes: Buffer, from: number): number {
  let at = from;
  while (at < bytes.length && (bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  const newline = bytes.indexOf(0x0a, at);
  return newline < 0 ? bytes.length : newline + 1;
}

/**
 * The CSV's records in order (RFC 4180, by csv-parse), read in 16 KiB chunks that yield to the
 * event loop. An unterminated quote is an error on the row that opened it, and reading resumes at
 * the next line, so it never swallows the rows after it. `onRecord` runs for each record, header
 * first; it may throw to stop.
 */
export async function readCsvRecords(bytes: Buffer, onRecord: (record: CsvRecord, row: number) => void): Promise<void> {
  let offset = 0;
  let row = 0;
  const lineAt = lineCounter(bytes);
  while (offset < bytes.length) {
    let end = offset;
    let stop: unknown;
    const parser = parse({
      bom: offset === 0,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: MAX_IMPORT_RECORD_CHARS,
      // Records are taken here, as they are parsed, so none is lost when a later one fails.
      on_record: (values: string[], context) => {
        if (stop) return null;
        const line = lineAt(end);
        end = offset + context.bytes;
        try {
          onRecord({ values, line }, ++row);
        } catch (err) {
          stop = err;
          queueMicrotask(() => parser.destroy(err as Error));
        }
        return null;
      },
    });
    const source = Readable.from(chunks(bytes, offset));
    source.pipe(parser);
    parser.resume();
    try {
      await finished(parser);
      if (stop) throw stop;
      return;
    } catch (err) {
      source.destroy();
      if (stop) throw stop;
      const code = (err as { code?: string }).code;
      if (code === "CSV_MAX_RECORD_SIZE") throw new CsvRecordTooLarge(row + 1);
      if (code !== "CSV_QUOTE_NOT_CLOSED") throw err;
      onRecord({ error: "A quoted field is never closed (an unterminated quote).", line: lineAt(end) }, ++row);
      offset = lineAfter(bytes, end);
    }
  }
}
