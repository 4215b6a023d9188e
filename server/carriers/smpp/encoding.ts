/**
 * Turns a message body into SMPP `short_message` parts. Mirrors schemas/segments.ts (the same GSM
 * 03.38 tables, the same 160/153 septet and 70/67 UTF-16 unit limits, escape pairs and surrogate
 * pairs never split), so the parts sent match the segments the message was counted and billed as.
 *
 * GSM-7 goes out unpacked (one septet per octet, `data_coding` 0, the usual SMPP form); UCS-2 as
 * UTF-16BE (`data_coding` 8). A concatenated message carries a 6-octet UDH per part:
 * 05 00 03 <ref> <total> <seq> (IE 0x00, 8-bit reference).
 */
import { GSM7_PART, GSM7_SINGLE, UCS2_PART, UCS2_SINGLE, type SmsEncoding } from "../../../schemas/segments";

/**
 * GSM 03.38 default alphabet indexed by septet value, 0x1B (the escape) included. schemas/segments.ts
 * lists the same characters without the escape; a test checks the two agree.
 */
export const GSM7_TABLE =
  "@£$¥èéùìòÇ\nØø\rÅå" +
  "Δ_ΦΓΛΩΠΨΣΘΞ\x1bÆæßÉ" +
  " !\"#¤%&'()*+,-./" +
  "0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNO" +
  "PQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmno" +
  "pqrstuvwxyzäöñüà";

/** Extension table: escape (0x1B) then this septet. */
export const GSM7_EXTENSION: Readonly<Record<string, number>> = {
  "\f": 0x0a,
  "^": 0x14,
  "{": 0x28,
  "}": 0x29,
  "\\": 0x2f,
  "[": 0x3c,
  "~": 0x3d,
  "]": 0x3e,
  "|": 0x40,
  "€": 0x65,
};

const BASIC = new Map<string, number>();
for (let i = 0; i < GSM7_TABLE.length; i++) if (i !== 0x1b) BASIC.set(GSM7_TABLE[i]!, i);

export const DATA_CODING = { "GSM-7": 0x00, "UCS-2": 0x08 } as const;

export interface EncodedMessage {
  encoding: SmsEncoding;
  dataCoding: number;
  /** One entry per part, user data only (no UDH). */
  parts: Buffer[];
}

/** The GSM-7 octets of one character, or undefined when it is not in the GSM 03.38 tables. */
function gsmOctets(ch: string): number[] | undefined {
  const basic = BASIC.get(ch);
  if (basic !== undefined) return [basic];
  const ext = GSM7_EXTENSION[ch];
  return ext === undefined ? undefined : [0x1b, ext];
}

/** Greedy packing of indivisible units into parts, exactly like `pack` in schemas/segments.ts. */
function pack(chunks: Buffer[], unitsOf: (b: Buffer) => number, single: number, part: number): Buffer[] {
  const total = chunks.reduce((n, c) => n + unitsOf(c), 0);
  if (total <= single) return [Buffer.concat(chunks)];
  const parts: Buffer[] = [];
  let current: Buffer[] = [];
  let used = 0;
  for (const chunk of chunks) {
    const units = unitsOf(chunk);
    if (used + units > part) {
      parts.push(Buffer.concat(current));
      current = [];
      used = 0;
    }
    current.push(chunk);
    used += units;
  }
  parts.push(Buffer.concat(current));
  return parts;
}

/**
 * Splits `body` into parts in the pipeline's `encoding`. A body marked GSM-7 that holds a character
 * outside the GSM tables (it should not happen: the pipeline counted it) is sent as UCS-2 rather than
 * with the character replaced.
 */
export function encodeBody(body: string, encoding: SmsEncoding): EncodedMessage {
  // Array.from walks code points: a surrogate pair is one chunk (never split across parts).
  const chars = Array.from(body);
  if (encoding === "GSM-7") {
    const chunks: Buffer[] = [];
    for (const ch of chars) {
      const octets = gsmOctets(ch);
      if (!octets) return encodeBody(body, "UCS-2");
      chunks.push(Buffer.from(octets));
    }
    return { encoding, dataCoding: DATA_CODING["GSM-7"], parts: pack(chunks, (c) => c.length, GSM7_SINGLE, GSM7_PART) };
  }
  const chunks = chars.map((ch) => Buffer.from(ch, "utf16le").swap16());
  return {
    encoding: "UCS-2",
    dataCoding: DATA_CODING["UCS-2"],
    parts: pack(chunks, (c) => c.length / 2, UCS2_SINGLE, UCS2_PART),
  };
}

/** The user data header of part `seq` (1-based) of `total`, concatenation IE 0x00 (8-bit reference). */
export function concatUdh(reference: number, total: number, seq: number): Buffer {
  return Buffer.from([0x05, 0x00, 0x03, reference & 0xff, total, seq]);
}

/** GSM-7 octets (unpacked) back to text; used by tests and receipt parsing. */
export function decodeGsm7(octets: Uint8Array): string {
  let out = "";
  for (let i = 0; i < octets.length; i++) {
    const o = octets[i]!;
    if (o === 0x1b && i + 1 < octets.length) {
      const next = octets[++i]!;
      const ext = Object.entries(GSM7_EXTENSION).find(([, v]) => v === next);
      out += ext ? ext[0] : (GSM7_TABLE[next] ?? " ");
    } else out += GSM7_TABLE[o] ?? " ";
  }
  return out;
}
