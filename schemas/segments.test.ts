import { describe, expect, it } from "vitest";
import { countSegments } from "./segments";

// Expected values are worked out by hand from GSM 03.38 / 3GPP TS 23.040:
// GSM-7 single 160 septets, concatenated 153 per part; UCS-2 single 70 units, concatenated 67 per part.

const a = (n: number) => "a".repeat(n);
const EMOJI = "😀"; // U+1F600, outside the BMP: a surrogate pair, 2 UTF-16 code units

/** The GSM 03.38 default alphabet written out by code point, independently of the implementation. */
// prettier-ignore
const BASIC_TABLE: number[] = [
  // 0x00-0x0F: @ £ $ ¥ è é ù ì ò Ç LF Ø ø CR Å å
  0x40, 0xa3, 0x24, 0xa5, 0xe8, 0xe9, 0xf9, 0xec, 0xf2, 0xc7, 0x0a, 0xd8, 0xf8, 0x0d, 0xc5, 0xe5,
  // 0x10-0x1F: Δ _ Φ Γ Λ Ω Π Ψ Σ Θ Ξ (ESC) Æ æ ß É
  0x394, 0x5f, 0x3a6, 0x393, 0x39b, 0x3a9, 0x3a0, 0x3a8, 0x3a3, 0x398, 0x39e, 0xc6, 0xe6, 0xdf, 0xc9,
  // 0x20-0x3F: space ! " # ¤ % & ' ( ) * + , - . / 0-9 : ; < = > ?
  0x20, 0x21, 0x22, 0x23, 0xa4, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f,
  ...Array.from({ length: 10 }, (_, i) => 0x30 + i), 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f,
  // 0x40-0x5F: ¡ A-Z Ä Ö Ñ Ü §
  0xa1, ...Array.from({ length: 26 }, (_, i) => 0x41 + i), 0xc4, 0xd6, 0xd1, 0xdc, 0xa7,
  // 0x60-0x7F: ¿ a-z ä ö ñ ü à
  0xbf, ...Array.from({ length: 26 }, (_, i) => 0x61 + i), 0xe4, 0xf6, 0xf1, 0xfc, 0xe0,
];
const BASIC_CHARS = BASIC_TABLE.map((cp) => String.fromCodePoint(cp));
const EXTENSION_CHARS = ["\f", "^", "{", "}", "\\", "[", "~", "]", "|", "€"];

describe("countSegments: GSM-7 boundaries", () => {
  it.each([
    // [length, segments, perSegment, remainingInSegment]
    [1, 1, 160, 159],
    [160, 1, 160, 0],
    [161, 2, 153, 145], // 153 + 8
    [306, 2, 153, 0], // 153 × 2
    [307, 3, 153, 152], // 153 + 153 + 1
    [459, 3, 153, 0], // 153 × 3
    [460, 4, 153, 152],
    [1600, 11, 153, 83], // 153 × 10 = 1530, 70 in the 11th part
  ])("%i plain characters → %i segment(s)", (n, segments, perSegment, remainingInSegment) => {
    expect(countSegments(a(n))).toEqual({ encoding: "GSM-7", segments, units: n, perSegment, remainingInSegment });
  });

  it("is total on an empty body", () => {
    expect(countSegments("")).toEqual({
      encoding: "GSM-7",
      segments: 0,
      units: 0,
      perSegment: 160,
      remainingInSegment: 160,
    });
  });
});

describe("countSegments: GSM-7 extension table", () => {
  it.each(EXTENSION_CHARS)("%j counts 2 septets", (ch) => {
    expect(countSegments(ch)).toMatchObject({ encoding: "GSM-7", segments: 1, units: 2, remainingInSegment: 158 });
  });

  it("80 € are 160 septets: one segment", () => {
    expect(countSegments("€".repeat(80))).toEqual({
      encoding: "GSM-7",
      segments: 1,
      units: 160,
      perSegment: 160,
      remainingInSegment: 0,
    });
  });

  it("81 € are 162 septets: two segments, 76 € (152 septets) in the first", () => {
    // The 77th € would need septets 153 and 154: it moves whole to part 2, which holds 5 € = 10 septets.
    expect(countSegments("€".repeat(81))).toEqual({
      encoding: "GSM-7",
      segments: 2,
      units: 162,
      perSegment: 153,
      remainingInSegment: 143,
    });
  });

  it("an escape pair straddling the 153 boundary moves whole to the next part", () => {
    // 152 + 2 + 10 = 164 septets. Part 1: 152 (the € does not fit), part 2: 2 + 10 = 12.
    expect(countSegments(a(152) + "€" + a(10))).toMatchObject({ segments: 2, units: 164, remainingInSegment: 141 });
    // The same characters with the € not straddling: part 1: 153, part 2: 2 + 9 = 11.
    expect(countSegments(a(153) + "€" + a(9))).toMatchObject({ segments: 2, units: 164, remainingInSegment: 142 });
  });

  it("the moved escape pair can cost an extra part", () => {
    // 306 septets would fit 2 × 153, but the € cannot be split: 152 | 2 + 151 | 1.
    expect(countSegments(a(152) + "€" + a(152))).toEqual({
      encoding: "GSM-7",
      segments: 3,
      units: 306,
      perSegment: 153,
      remainingInSegment: 152,
    });
    // Without straddling the same septet count fits two parts exactly.
    expect(countSegments("€" + a(304))).toMatchObject({ segments: 2, units: 306, remainingInSegment: 0 });
  });

  it("a mix of plain and extension characters adds up septets", () => {
    // "{x}" = 2 + 1 + 2
    expect(countSegments("{x}")).toMatchObject({ encoding: "GSM-7", units: 5, segments: 1 });
    // 79 € + 2 a = 160 septets; one more a goes over.
    expect(countSegments("€".repeat(79) + a(2))).toMatchObject({ segments: 1, units: 160, remainingInSegment: 0 });
    expect(countSegments("€".repeat(79) + a(3))).toMatchObject({ segments: 2, units: 161 });
  });
});

describe("countSegments: GSM 03.38 alphabet", () => {
  it("the written-out table has the 127 characters of the default alphabet (ESC excluded)", () => {
    expect(BASIC_CHARS).toHaveLength(127);
    expect(new Set(BASIC_CHARS).size).toBe(127);
  });

  it.each(BASIC_CHARS.map((ch) => [ch, ch.codePointAt(0)!.toString(16)]))("%j (U+%s) is GSM-7, 1 septet", (ch) => {
    expect(countSegments(ch)).toEqual({
      encoding: "GSM-7",
      segments: 1,
      units: 1,
      perSegment: 160,
      remainingInSegment: 159,
    });
  });

  it("the whole basic table together is one GSM-7 segment of 127 septets", () => {
    expect(countSegments(BASIC_CHARS.join(""))).toMatchObject({ encoding: "GSM-7", segments: 1, units: 127 });
  });

  it.each([
    ["ç", "lowercase c cedilla (only Ç is in the table)"],
    ["á", "a acute"],
    ["`", "grave accent"],
    ["ê", "e circumflex"],
    ["í", "i acute"],
    ["Ã", "A tilde"],
    ["’", "right single quotation mark"],
    ["“", "left double quotation mark"],
    ["\t", "tab"],
    ["\u001b", "a raw escape character"],
    ["α", "Greek small alpha"],
    ["Б", "Cyrillic"],
  ])("%j (%s) switches to UCS-2", (ch) => {
    expect(countSegments(ch)).toEqual({
      encoding: "UCS-2",
      segments: 1,
      units: 1,
      perSegment: 70,
      remainingInSegment: 69,
    });
  });
});

describe("countSegments: UCS-2", () => {
  const u = (n: number) => "Б".repeat(n);

  it.each([
    // [length, segments, perSegment, remainingInSegment]
    [70, 1, 70, 0],
    [71, 2, 67, 63], // 67 + 4
    [134, 2, 67, 0], // 67 × 2
    [135, 3, 67, 66], // 67 + 67 + 1
  ])("%i BMP characters → %i segment(s)", (n, segments, perSegment, remainingInSegment) => {
    expect(countSegments(u(n))).toEqual({ encoding: "UCS-2", segments, units: n, perSegment, remainingInSegment });
  });

  it("one non-GSM character turns a GSM body into UCS-2", () => {
    // 100 a + á = 101 units: 67 + 34.
    expect(countSegments(a(100) + "á")).toEqual({
      encoding: "UCS-2",
      segments: 2,
      units: 101,
      perSegment: 67,
      remainingInSegment: 33,
    });
    // Same length all GSM: one segment.
    expect(countSegments(a(100) + "à")).toMatchObject({ encoding: "GSM-7", segments: 1, units: 101 });
  });

  it("extension characters count one unit in UCS-2", () => {
    expect(countSegments("ç€{")).toMatchObject({ encoding: "UCS-2", units: 3 });
  });

  it("an emoji counts 2 units: 70 / 71 boundary", () => {
    expect(countSegments(a(68) + EMOJI)).toEqual({
      encoding: "UCS-2",
      segments: 1,
      units: 70,
      perSegment: 70,
      remainingInSegment: 0,
    });
    expect(countSegments(a(69) + EMOJI)).toEqual({
      encoding: "UCS-2",
      segments: 2,
      units: 71,
      perSegment: 67,
      remainingInSegment: 63,
    });
    expect(countSegments(EMOJI.repeat(35))).toMatchObject({ segments: 1, units: 70 });
    expect(countSegments(EMOJI.repeat(36))).toMatchObject({ segments: 2, units: 72 });
  });

  it("a surrogate pair straddling the 67 boundary moves whole to the next part", () => {
    // 66 + 2 + 10 = 78 units. Part 1: 66, part 2: 2 + 10 = 12.
    expect(countSegments(a(66) + EMOJI + a(10))).toMatchObject({ segments: 2, units: 78, remainingInSegment: 55 });
    // 134 units would fit 2 × 67, but the pair cannot be split: 66 | 2 + 65 | 1.
    expect(countSegments(a(66) + EMOJI + a(66))).toEqual({
      encoding: "UCS-2",
      segments: 3,
      units: 134,
      perSegment: 67,
      remainingInSegment: 66,
    });
    // 36 emoji = 72 units: 33 pairs (66) in part 1, 3 pairs (6) in part 2.
    expect(countSegments(EMOJI.repeat(36))).toMatchObject({ segments: 2, remainingInSegment: 61 });
    // 67 emoji = 134 units: 33 + 33 + 1 pairs.
    expect(countSegments(EMOJI.repeat(67))).toMatchObject({ segments: 3, units: 134, remainingInSegment: 65 });
  });
});
