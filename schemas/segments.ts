/**
 * SMS segment counting after GSM 03.38 (contract §5). Client-safe: no node imports, the dashboard
 * uses it for a live counter.
 *
 * GSM-7: every character is in the default alphabet (1 septet) or its extension table (escape +
 * character, 2 septets). A single message holds 160 septets; a concatenated one 153 per part (the
 * user data header takes the rest), and an escape pair is never split across two parts.
 *
 * UCS-2: anything else. Units are UTF-16 code units; 70 in a single message, 67 per part, and a
 * surrogate pair (emoji and other characters outside the BMP) is never split across two parts.
 */

export type SmsEncoding = "GSM-7" | "UCS-2";

export interface SegmentCount {
  encoding: SmsEncoding;
  /** Billable parts; 0 for an empty body. */
  segments: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) in the whole body. */
  units: number;
  /** Capacity of one part in this case: 160 / 153 (GSM-7) or 70 / 67 (UCS-2). */
  perSegment: number;
  /** Units still free in the last part before another part is needed. */
  remainingInSegment: number;
}

/** GSM 03.38 default alphabet, in table order (0x1B, the escape, is left out). */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅå" +
  "Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ" +
  " !\"#¤%&'()*+,-./" +
  "0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNO" +
  "PQRSTUVWXYZÄÖÑÜ§" +
  "¿abcdefghijklmno" +
  "pqrstuvwxyzäöñüà";

/** GSM 03.38 extension table: sent as escape + character, 2 septets each. */
const GSM_EXTENDED = "\f^{}\\[~]|€";

const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

/** Septets of a character in GSM-7, or undefined when it is not in the GSM 03.38 tables. */
function septets(ch: string): 1 | 2 | undefined {
  if (BASIC.has(ch)) return 1;
  if (EXTENDED.has(ch)) return 2;
  return undefined;
}

/**
 * Packs indivisible weights into parts: when the total fits a single message it is one part,
 * otherwise parts of `part` units where an item that does not fit whole starts the next part.
 */
function pack(weights: number[], single: number, part: number): Omit<SegmentCount, "encoding"> {
  const units = weights.reduce((a, b) => a + b, 0);
  if (units === 0) return { segments: 0, units: 0, perSegment: single, remainingInSegment: single };
  if (units <= single) return { segments: 1, units, perSegment: single, remainingInSegment: single - units };
  let segments = 1;
  let used = 0;
  for (const w of weights) {
    if (used + w > part) {
      segments += 1;
      used = 0;
    }
    used += w;
  }
  return { segments, units, perSegment: part, remainingInSegment: part - used };
}

export function countSegments(body: string): SegmentCount {
  // `for...of` walks code points, so a surrogate pair comes out as one string of length 2
  // (a lone surrogate as one of length 1).
  const chars = Array.from(body);
  const gsm: number[] = [];
  let isGsm = true;
  for (const ch of chars) {
    const s = septets(ch);
    if (s === undefined) {
      isGsm = false;
      break;
    }
    gsm.push(s);
  }
  if (isGsm) return { encoding: "GSM-7", ...pack(gsm, GSM7_SINGLE, GSM7_PART) };
  return {
    encoding: "UCS-2",
    ...pack(
      chars.map((ch) => ch.length),
      UCS2_SINGLE,
      UCS2_PART,
    ),
  };
}
