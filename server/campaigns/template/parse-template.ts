/**
 * Campaign templates (contract §11): text with `{{firstName}}`, `{{lastName}}`, `{{email}}`,
 * `{{phone}}` and `{{attributes.NAME}}`, each with an optional fallback after a bar:
 * `{{firstName|there}}`. Pure and client-safe (no node or server imports): the dashboard's editor
 * runs the same parser as the API, so what it marks is exactly what a save would refuse.
 *
 * Rules: spaces around a name and a fallback are ignored (`{{ firstName | there }}`); an empty
 * fallback (`{{firstName|}}`) is a fallback of nothing, so the variable can never be missing; a
 * lone `}}` is text; a `{{` that is never closed, an empty name, an unknown name and a fallback
 * holding `{{` are errors.
 */

export const TEMPLATE_FIELDS = ["firstName", "lastName", "email", "phone"] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** Contact attribute keys are at most 64 characters (contract §10). */
export const MAX_ATTRIBUTE_NAME = 64;
const ATTRIBUTE_PREFIX = "attributes.";

export type TemplateVariable = { kind: "field"; field: TemplateField } | { kind: "attribute"; name: string };

export interface TemplatePlaceholder {
  /** The placeholder as written, braces included. */
  raw: string;
  variable: TemplateVariable;
  /** Text used when the contact has no value; null when the template gives none. */
  fallback: string | null;
  /** Offsets in the source (end exclusive), for an editor to mark. */
  start: number;
  end: number;
}

/** Literal text or a placeholder, in source order. */
export type TemplatePart = string | TemplatePlaceholder;

export interface ParsedTemplate {
  source: string;
  parts: TemplatePart[];
  placeholders: TemplatePlaceholder[];
}

export interface TemplateIssue {
  message: string;
  start: number;
  end: number;
}

export type ParseTemplateResult = { ok: true; template: ParsedTemplate } | { ok: false; issues: TemplateIssue[] };

/** The name a variable is written with, e.g. `firstName` or `attributes.plan`. */
export function variableName(variable: TemplateVariable): string {
  return variable.kind === "field" ? variable.field : `${ATTRIBUTE_PREFIX}${variable.name}`;
}

const FIELD_BY_LOWER = new Map(TEMPLATE_FIELDS.map((f) => [f.toLowerCase(), f]));

function unknownVariableMessage(name: string): string {
  const near = FIELD_BY_LOWER.get(name.toLowerCase().replace(/[_\s-]/g, ""));
  const hint = near ? ` Did you mean {{${near}}}?` : "";
  return (`Unknown variable {{${name}}}: use firstName, lastName, email, phone or attributes.NAME.` + hint).slice(
    0,
    300,
  );
}

function parseVariable(name: string): TemplateVariable | string {
  if ((TEMPLATE_FIELDS as readonly string[]).includes(name)) return { kind: "field", field: name as TemplateField };
  if (name.startsWith(ATTRIBUTE_PREFIX)) {
    const attribute = name.slice(ATTRIBUTE_PREFIX.length).trim();
    if (attribute.length === 0) return "Name the attribute: {{attributes.NAME}}, e.g. {{attributes.plan}}.";
    if (attribute.length > MAX_ATTRIBUTE_NAME) {
      return `Attribute names are at most ${MAX_ATTRIBUTE_NAME} characters.`;
    }
    return { kind: "attribute", name: attribute };
  }
  return unknownVariableMessage(name);
}

export function parseTemplate(source: string): ParseTemplateResult {
  const parts: TemplatePart[] = [];
  const placeholders: TemplatePlaceholder[] = [];
  const issues: TemplateIssue[] = [];
  let text = "";
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf("{{", i);
    if (open === -1) {
      text += source.slice(i);
      break;
    }
    text += source.slice(i, open);
    const close = source.indexOf("}}", open + 2);
    if (close === -1) {
      issues.push({
        message: "A {{ is never closed: end the variable with }}.",
        start: open,
        end: source.length,
      });
      break;
    }
    const end = close + 2;
    const inner = source.slice(open + 2, close);
    const bar = inner.indexOf("|");
    const name = (bar === -1 ? inner : inner.slice(0, bar)).trim();
    const fallback = bar === -1 ? null : inner.slice(bar + 1).trim();
    if (name.length === 0) {
      issues.push({ message: "A variable needs a name, e.g. {{firstName}}.", start: open, end });
    } else if (inner.includes("{{") || (fallback !== null && fallback.includes("{"))) {
      issues.push({ message: "A fallback cannot contain { or another variable.", start: open, end });
    } else {
      const variable = parseVariable(name);
      if (typeof variable === "string") {
        issues.push({ message: variable, start: open, end });
      } else {
        if (text) parts.push(text);
        text = "";
        const placeholder = { raw: source.slice(open, end), variable, fallback, start: open, end };
        parts.push(placeholder);
        placeholders.push(placeholder);
      }
    }
    i = end;
  }
  if (text) parts.push(text);
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, template: { source, parts, placeholders } };
}

/** The distinct variable names a template uses, in first-use order (for the editor's chips). */
export function templateVariableNames(template: ParsedTemplate): string[] {
  return [...new Set(template.placeholders.map((p) => variableName(p.variable)))];
}
