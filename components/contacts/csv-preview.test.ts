import { describe, expect, it } from "vitest";
import { IMPORT_TEMPLATE, previewCsv } from "./csv-preview";

describe("previewCsv", () => {
  it("reads the header lower-cased and the first rows with their file lines", () => {
    const p = previewCsv(
      'Phone, First_Name ,notes\n+14155550123,Ada,"two\nlines"\n\n"(415) 555-0177",Grace,"say ""hi"""\n',
    );
    expect(p.header).toEqual(["phone", "first_name", "notes"]);
    expect(p.rows).toEqual([
      { line: 2, values: ["+14155550123", "Ada", "two\nlines"] },
      { line: 5, values: ["(415) 555-0177", "Grace", 'say "hi"'] },
    ]);
  });

  it("stops after the limit and reads the template", () => {
    const p = previewCsv(IMPORT_TEMPLATE, 1);
    expect(p.header).toEqual(["phone", "first_name", "last_name", "email", "tags", "company"]);
    expect(p.rows).toHaveLength(1);
    expect(previewCsv(IMPORT_TEMPLATE).rows[1]!.values.at(-1)).toBe("Navy, Research");
  });
});
