// The seam between campaigns and their templates (contract §11): validation at save and the text a
// recipient gets. The template module (server/campaigns/template/) owns the rules; everything in
// this area calls these two functions only, so the rules change in one place.

/** What a template may use of a contact. */
export interface RenderContact {
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  attributes: Record<string, string>;
}

export interface RenderOptions {
  template: string;
  appendOptOutText: boolean;
}

export type RenderResult = { ok: true; text: string } | { ok: false; variable: string };

const VARIABLE = /\{\{\s*([^}|]*?)\s*(?:\|([^}]*))?\}\}/g;
const KNOWN = /^(firstName|lastName|email|phone|attributes\.[A-Za-z0-9_.-]{1,64})$/;
export const OPT_OUT_TEXT = " Reply STOP to opt out.";

/** The first problem of a template (an unknown variable), or null when it is valid. */
export function templateProblem(template: string): string | null {
  for (const match of template.matchAll(VARIABLE)) {
    const name = match[1] ?? "";
    if (!KNOWN.test(name)) {
      return `Unknown variable {{${name}}}: use firstName, lastName, email, phone or attributes.NAME.`;
    }
  }
  return null;
}

function valueOf(contact: RenderContact | null, name: string): string | null {
  if (!contact) return null;
  if (name.startsWith("attributes.")) return contact.attributes[name.slice("attributes.".length)] ?? null;
  const v = contact[name as "firstName" | "lastName" | "email" | "phone"];
  return v === null || v === undefined || v === "" ? null : v;
}

/**
 * The text for one contact (or, with null, the fallbacks, else empty: test sends and estimates), with the
 * opt-out text appended when asked and the template does not mention STOP. A variable with no
 * value and no fallback makes the recipient `invalid_template`.
 */
export function renderCampaignText(options: RenderOptions, contact: RenderContact | null): RenderResult {
  let missing: string | null = null;
  const text = options.template.replace(VARIABLE, (_all, rawName: string, fallback: string | undefined) => {
    const name = rawName.trim();
    const value = valueOf(contact, name);
    if (value !== null) return value;
    if (fallback !== undefined) return fallback;
    // Without a contact (test sends, estimates) an empty value stands in; a contact lacking it is skipped.
    if (contact) missing ??= name;
    return "";
  });
  if (missing !== null) return { ok: false, variable: missing };
  const withFooter = options.appendOptOutText && !options.template.includes("STOP") ? text + OPT_OUT_TEXT : text;
  return { ok: true, text: withFooter };
}
