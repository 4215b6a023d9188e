import { describe, expect, it } from "vitest";
import { importHeader } from "./import-header";

describe("importHeader", () => {
  it("refuses a `__proto__` column by name (it would vanish from every row's attributes, issue 38)", () => {
    expect(() => importHeader(["phone", "__PROTO__"])).toThrow(
      expect.objectContaining({
        code: "invalid_request",
        details: [{ path: "csv", message: "column name not allowed" }],
      }),
    );
    expect(importHeader(["Phone", "constructor", "toString"])).toEqual(["phone", "constructor", "tostring"]);
  });
});
