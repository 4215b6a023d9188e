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

export const GSM7_SINGLE = 160;
export const GSM7_PART = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PART = 67;

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

/** Septets per UTF-16 code unit, 0 where the unit is not in the GSM 03.38 tables (€, U+20AC, is the highest). */
const SEPTETS = new Uint8Array(0x20ad);
for (const ch of GSM_BASIC) SEPTETS[ch.charCodeAt(0)] = 1;
for (const ch of GSM_EXTENDED) SEPTETS[ch.charCodeAt(0)] = 2;

export function countSegments(body: string): SegmentCount {
  // GSM-7 first, code unit by code unit: every GSM character is a single code unit, so a surrogate
  // (or anything else outside the tables) ends it. Every accepted message goes through here, so
  // the common case allocates nothing.
  let units = 0;
  for (let i = 0; i < body.length; i++) {
    const code = body.charCodeAt(i);
    const s = code < SEPTETS.length ? SEPTETS[code]! : 0;
    if (s === 0) return countUcs2(body);
    units += s;
  }
  if (units === 0)
    return { encoding: "GSM-7", segments: 0, units: 0, perSegment: GSM7_SINGLE, remainingInSegment: GSM7_SINGLE };
  if (units <= GSM7_SINGLE) {
    return { encoding: "GSM-7", segments: 1, units, perSegment: GSM7_SINGLE, remainingInSegment: GSM7_SINGLE - units };
  }
  // Parts of 153 septets, an escape pair never split across two.
  let segments = 1;
  let used = 0;
  for (let i = 0; i < body.length; i++) {
    const w = SEPTETS[body.charCodeAt(i)]!;
    if (used + w > GSM7_PART) {
      segments += 1;
      used = 0;
    }
    used += w;
  }
  return { encoding: "GSM-7", segments, units, perSegment: GSM7_PART, remainingInSegment: GSM7_PART - used };
}

function countUcs2(body: string): SegmentCount {
  // `Array.from` walks code points, so a surrogate pair comes out as one string of length 2
  // (a lone surrogate as one of length 1) and is never split across two parts.
  return {
    encoding: "UCS-2",
    ...pack(
      Array.from(body, (ch) => ch.length),
      UCS2_SINGLE,
      UCS2_PART,
    ),
  };
}
