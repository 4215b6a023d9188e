import { variableName, type ParsedTemplate, type TemplateVariable } from "./parse-template";

/** What a template reads from a contact (contract §10's contact, or less). Client-safe. */
export interface TemplateContact {
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  attributes?: Readonly<Record<string, string>> | null;
}

export interface RenderedTemplate {
  text: string;
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
  for (const part of template.parts) {
    if (typeof part === "string") {
      text += part;
      continue;
    }
    const value = valueOf(contact, part.variable) ?? part.fallback;
    if (value === null) {
      missing ??= [];
      const name = variableName(part.variable);
      if (!missing.includes(name)) missing.push(name);
    } else {
      text += value;
    }
  }
  return { text, missing: missing ?? [] };
}
