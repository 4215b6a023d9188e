import { variableName, type ParsedTemplate, type TemplateVariable } from "./parse-template";

/** What a template reads from a contact (contract §10's contact, or less). Client-safe. */
export interface TemplateContact {
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  attributes?: Readonly<Record<string, string>> | null;
}

/** A stretch of a rendered text, `end` exclusive. */
export interface TextSpan {
  start: number;
  end: number;
}

export interface RenderedTemplate {
  text: string;
  /**
   * The stretches of `text` written in the template itself (its literal text and the fallbacks it
   * gives), adjacent ones merged; what came from a contact's values is outside them. Link tracking
   * rewrites only URLs written there (issue 38: a contact's value must not mint redirects).
   */
  written: TextSpan[];
  /**
   * Variables with no value and no fallback, by name. Non-empty means the recipient is skipped with
   * `invalid_template` (contract §11); `text` then has them as nothing, which a test send or a
   * preview may still show.
   */
  missing: string[];
}

function valueOf(contact: TemplateContact | null, variable: TemplateVariable): string | null {
  if (!contact) return null;
  const value = variable.kind === "field" ? contact[variable.field] : contact.attributes?.[variable.name];
  // A blank value is no value: "Hi ," is what fallbacks exist to prevent.
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** Fills a parsed template for one contact (null: fallbacks only, as a test send without a contact). */
export function renderTemplate(template: ParsedTemplate, contact: TemplateContact | null): RenderedTemplate {
  let text = "";
  let missing: string[] | undefined;
  const written: TextSpan[] = [];
  const add = (value: string, authored: boolean) => {
    if (value === "") return;
    if (authored) {
      const last = written.at(-1);
      if (last && last.end === text.length) last.end += value.length;
      else written.push({ start: text.length, end: text.length + value.length });
    }
    text += value;
  };
  for (const part of template.parts) {
    if (typeof part === "string") {
      add(part, true);
      continue;
    }
    const own = valueOf(contact, part.variable);
    if (own !== null) {
      add(own, false);
    } else if (part.fallback !== null) {
      add(part.fallback, true);
    } else {
      missing ??= [];
      const name = variableName(part.variable);
      if (!missing.includes(name)) missing.push(name);
    }
  }
  return { text, missing: missing ?? [], written };
}
