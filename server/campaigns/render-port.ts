// The seam between the campaign sender and the template module (server/campaigns/template/):
// validation at save and the text each recipient gets, parsed once per batch.
import { composeMessage, parseTemplate, validateTemplate, type TemplateContact } from "./template";

export type RenderContact = TemplateContact;

export interface RenderOptions {
  template: string;
  appendOptOutText: boolean;
}

export type RenderResult = { ok: true; text: string } | { ok: false; variable: string };

/** Create and update: an invalid template is 400 `invalid_request` with details on `template`. */
export function checkTemplate(template: string | undefined): void {
  if (template !== undefined) validateTemplate(template);
}

/**
 * A renderer for one campaign (its template parsed once): the text for a contact, or with null,
 * the fallbacks (test sends, estimates, where a variable with no fallback is left empty). A contact
 * lacking a variable with no fallback is `invalid_template`.
 */
export function campaignRenderer(options: RenderOptions): (contact: RenderContact | null) => RenderResult {
  const parsed = parseTemplate(options.template);
  return (contact) => {
    if (!parsed.ok) return { ok: false, variable: "template" };
    const composed = composeMessage(parsed.template, contact, { appendOptOutText: options.appendOptOutText });
    if (contact && composed.missing.length > 0) return { ok: false, variable: composed.missing[0]! };
    return { ok: true, text: composed.text };
  };
}

export function renderCampaignText(options: RenderOptions, contact: RenderContact | null): RenderResult {
  return campaignRenderer(options)(contact);
}
