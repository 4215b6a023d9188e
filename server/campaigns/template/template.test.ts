import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { composeMessage } from "./compose-message";
import { OPT_OUT_FOOTER, withOptOutFooter } from "./opt-out-footer";
import { parseTemplate, templateVariableNames, type ParsedTemplate } from "./parse-template";
import { renderTemplate } from "./render-template";
import { validateTemplate } from "./validate-template";

function parsed(source: string): ParsedTemplate {
  const result = parseTemplate(source);
  if (!result.ok) throw new Error(result.issues.map((i) => i.message).join("; "));
  return result.template;
}

function issues(source: string): string[] {
  const result = parseTemplate(source);
  return result.ok ? [] : result.issues.map((i) => i.message);
}

const ada = {
  phone: "+14155550123",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  attributes: { plan: "Pro", city: "London" },
};

describe("parseTemplate", () => {
  it("accepts every variable of §11, with and without fallbacks", () => {
    const t = parsed("Hi {{firstName|there}} {{lastName}} {{email}} {{phone}} {{attributes.plan|Free}}!");
    expect(templateVariableNames(t)).toEqual(["firstName", "lastName", "email", "phone", "attributes.plan"]);
    expect(t.placeholders.map((p) => p.fallback)).toEqual(["there", null, null, null, "Free"]);
    expect(t.placeholders[0]).toMatchObject({ raw: "{{firstName|there}}", start: 3, end: 22 });
  });

  it("ignores spaces around names and fallbacks, keeps an empty fallback", () => {
    const t = parsed("{{ firstName | there }}{{lastName|}}");
    expect(t.placeholders.map((p) => [p.variable, p.fallback])).toEqual([
      [{ kind: "field", field: "firstName" }, "there"],
      [{ kind: "field", field: "lastName" }, ""],
    ]);
  });

  it("treats text without variables, and a lone }}, as text", () => {
    expect(parsed("Sale today }} only").parts).toEqual(["Sale today }} only"]);
    expect(parsed("").parts).toEqual([]);
  });

  it("refuses unknown variables, naming them and suggesting the right case", () => {
    expect(issues("Hi {{name}}")[0]).toMatch(/Unknown variable \{\{name\}\}/);
    expect(issues("Hi {{FirstName}}")[0]).toMatch(/Did you mean \{\{firstName\}\}\?/);
    expect(issues("Hi {{first_name}}")[0]).toMatch(/Did you mean \{\{firstName\}\}\?/);
    expect(issues("{{attributes}}")[0]).toMatch(/Unknown variable/);
  });

  it("refuses empty names, unclosed braces, empty attribute names and nested braces", () => {
    expect(issues("Hi {{}}")[0]).toMatch(/needs a name/);
    expect(issues("Hi {{ |x}}")[0]).toMatch(/needs a name/);
    expect(issues("Hi {{firstName")[0]).toMatch(/never closed/);
    expect(issues("{{attributes.}}")[0]).toMatch(/Name the attribute/);
    expect(issues(`{{attributes.${"a".repeat(65)}}}`)[0]).toMatch(/at most 64/);
    expect(issues("{{firstName|{x}}")[0]).toMatch(/cannot contain/);
  });

  it("reports every problem with its place", () => {
    const result = parseTemplate("{{nope}} and {{also}}");
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.issues.map((i) => [i.start, i.end])).toEqual([
        [0, 8],
        [13, 21],
      ]);
  });
});

describe("validateTemplate", () => {
  it("throws the contract's invalid_request with details at path template", () => {
    let caught: unknown;
    try {
      validateTemplate("Hi {{nickname}}, {{firstName");
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    const err = caught as AppError;
    expect(err.code).toBe("invalid_request");
    expect(err.status).toBe(400);
    expect(err.details).toHaveLength(2);
    expect(err.details!.every((d) => d.path === "template")).toBe(true);
    expect(err.details![0]!.message).toMatch(/nickname/);
  });

  it("returns the parsed template when valid", () => {
    expect(validateTemplate("Hi {{firstName|there}}").placeholders).toHaveLength(1);
  });
});

describe("renderTemplate", () => {
  it("fills values for a contact", () => {
    const t = parsed(
      "Hi {{firstName}} {{lastName}} ({{email}}, {{phone}}), plan {{attributes.plan}} in {{attributes.city}}",
    );
    expect(renderTemplate(t, ada)).toEqual({
      text: "Hi Ada Lovelace (ada@example.com, +14155550123), plan Pro in London",
      missing: [],
      // What the template wrote: everything but the values.
      written: [
        { start: 0, end: 3 },
        { start: 6, end: 7 },
        { start: 15, end: 17 },
        { start: 32, end: 34 },
        { start: 46, end: 54 },
        { start: 57, end: 61 },
      ],
    });
  });

  it("counts a fallback it gave as written, and merges what it wrote side by side", () => {
    const t = parsed("Go {{attributes.link|https://x.io}}/sale {{firstName}}");
    expect(renderTemplate(t, { firstName: "Ann" })).toMatchObject({
      text: "Go https://x.io/sale Ann",
      written: [{ start: 0, end: 21 }],
    });
  });

  it("uses the fallback for a missing or blank value", () => {
    const t = parsed("Hi {{firstName|there}}, your plan: {{attributes.tier|Basic}}");
    expect(renderTemplate(t, { phone: "+14155550123", firstName: "  " }).text).toBe("Hi there, your plan: Basic");
    expect(renderTemplate(t, null).text).toBe("Hi there, your plan: Basic");
  });

  it("reports variables with no value and no fallback, once each", () => {
    const t = parsed("{{firstName}} {{firstName}} {{attributes.city}} {{lastName|}}");
    const out = renderTemplate(t, { phone: "+1", firstName: null });
    expect(out.missing).toEqual(["firstName", "attributes.city"]);
    expect(out.text).toBe("   ");
  });

  it("does not re-interpret braces inside values", () => {
    const t = parsed("Hi {{firstName}}");
    expect(renderTemplate(t, { firstName: "{{email}}", email: "x@y.z" }).text).toBe("Hi {{email}}");
  });
});

describe("opt-out footer", () => {
  it("is appended unless the template says STOP or the campaign turned it off", () => {
    expect(withOptOutFooter("Hi", "Hi", true)).toBe(`Hi${OPT_OUT_FOOTER}`);
    expect(OPT_OUT_FOOTER).toBe(" Reply STOP to opt out.");
    expect(withOptOutFooter("Hi. Text STOP to quit", "Hi. Text STOP to quit", true)).toBe("Hi. Text STOP to quit");
    expect(withOptOutFooter("Hi", "Hi", false)).toBe("Hi");
    // The contract's "STOP" is the word as written: "stop by" is not an opt-out instruction.
    expect(withOptOutFooter("Please stop by", "Please stop by", true)).toBe(`Please stop by${OPT_OUT_FOOTER}`);
  });

  it("follows white space the text ends in without a second space (the builder's starting template)", () => {
    const t = parsed("Hi {{firstName|there}}, ");
    expect(composeMessage(t, null, { appendOptOutText: true }).text).toBe("Hi there, Reply STOP to opt out.");
    expect(withOptOutFooter("Hi\n", "Hi\n", true)).toBe("Hi\nReply STOP to opt out.");
  });

  it("is decided on the template, not on a contact's value", () => {
    const t = parsed("Hi {{firstName}}");
    expect(composeMessage(t, { firstName: "STOP" }, { appendOptOutText: true }).text).toBe(`Hi STOP${OPT_OUT_FOOTER}`);
  });
});
