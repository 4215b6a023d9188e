import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv-line";
import { statementCsv } from "../billing/statements";

describe("CSV cells a spreadsheet could run (contract §12)", () => {
  it("prefix =, +, -, @, tab and carriage return with a quote, but not an E.164 number", () => {
    expect(["=1+1", "+SUM(A1)", "-2", "@cmd", "\tcmd", "\rcmd", "plain"].map(csvField)).toEqual([
      "'=1+1",
      "'+SUM(A1)",
      "'-2",
      "'@cmd",
      "'\tcmd",
      '"\'\rcmd"',
      "plain",
    ]);
    expect(csvField("+14155550123")).toBe("+14155550123");
    expect(csvLine(["a,b", 'say "hi"'])).toBe('"a,b","say ""hi"""\r\n');
  });

  it("apply to billing statements too", () => {
    const csv = statementCsv({
      period: "2026-11",
      lines: [{ country: "=HYPERLINK(1)", pricePerSegment: "0.0100", messages: 1, segments: 1, amount: "0.0100" }],
    } as never);
    expect(csv.split("\n")[1]).toBe("'=HYPERLINK(1),0.0100,1,1,0.0100");
  });
});
