import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { guessImportField, splitFullName } from "@/schemas/contact-imports";
import { planImport } from "./import-header";

describe("the import's header and its mapping", () => {
  it("reads §10's names without a mapping: any other column is an attribute, `name` included", () => {
    const plan = planImport(["Phone", " First_Name", "name", "tags"]);
    expect(plan.header).toEqual(["phone", "first_name", "name", "tags"]);
    expect(plan.apply(["+1", "Ada", "Ada L", "x"])).toEqual(["+1", "Ada", "Ada L", "x"]);
  });

  it("maps columns, skips some, and splits a full name into first and last (appended)", () => {
    const plan = planImport(["Mobile", "Name", "E-mail", "Notes", "plan"], {
      mobile: "phone",
      NAME: "full_name",
      "e-mail": "email",
      Notes: "skip",
    });
    expect(plan.header).toEqual(["phone", "first_name", "email", "", "plan", "last_name"]);
    expect(plan.apply(["+1", "Ada King Lovelace", "a@x", "n", "pro"])).toEqual([
      "+1",
      "Ada",
      "a@x",
      "n",
      "pro",
      "King Lovelace",
    ]);
    // A short row is padded before the last name; extra values stay after it, for the row check.
    expect(plan.apply(["+1", "Grace"])).toEqual(["+1", "Grace", "", "", "", ""]);
    expect(plan.apply(["+1", "A B", "", "", "", "extra"])).toEqual(["+1", "A", "", "", "", "B", "extra"]);
  });

  it("refuses what cannot be right, naming the mapping", () => {
    const refused = (values: string[], mapping: Record<string, never>) => {
      try {
        planImport(values, mapping);
      } catch (err) {
        return err instanceof AppError ? err.message : String(err);
      }
      return "accepted";
    };
    expect(refused(["Mobile"], {})).toMatch("needs a header row with a `phone` column");
    expect(refused(["Mobile"], { Fax: "phone" } as never)).toMatch("`Fax`, which is not a column");
    expect(refused(["a", "b"], { a: "phone", b: "phone" } as never)).toMatch("Two columns would be read as `phone`");
    expect(refused(["phone", "first_name", "name"], { name: "full_name" } as never)).toMatch("not both");
    expect(refused(["phone", "email"], { email: "attribute" } as never)).toMatch("cannot be an attribute");
    // An unmapped column literally called full_name stays an attribute (the default rule).
    expect(planImport(["phone", "full_name", "first_name"]).header).toEqual(["phone", "full_name", "first_name"]);
  });
});

describe("a `__proto__` column", () => {
  it("is refused by name as an attribute (it would vanish from every row's attributes, issue 38)", () => {
    expect(() => planImport(["phone", "__PROTO__"])).toThrow(
      expect.objectContaining({
        code: "invalid_request",
        details: [{ path: "csv", message: "column name not allowed" }],
      }),
    );
    expect(planImport(["Phone", "constructor", "toString"]).header).toEqual(["phone", "constructor", "tostring"]);
    // Left out by the mapping, it is no attribute (JSON.parse: a literal's `__proto__` is no key).
    expect(planImport(["phone", "__proto__"], JSON.parse('{"__proto__":"skip"}') as never).header).toEqual([
      "phone",
      "",
    ]);
  });
});

describe("the dashboard's guesses", () => {
  it("recognises common names", () => {
    const guesses = ["name", "Full Name", "mobile", "Phone_Number", "E-mail", "email", "Surname", "Company", ""].map(
      guessImportField,
    );
    expect(guesses).toEqual([
      "full_name",
      "full_name",
      "phone",
      "phone",
      "email",
      "email",
      "last_name",
      "attribute",
      "skip",
    ]);
  });

  it("splits a full name at its first space", () => {
    expect(splitFullName("  Ada   King Lovelace ")).toEqual({ first: "Ada", last: "King Lovelace" });
    expect(splitFullName("Cher")).toEqual({ first: "Cher", last: "" });
  });
});
