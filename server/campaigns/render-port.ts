// The seam between the campaign sender and the template module (server/campaigns/template/):
// validation at save and the text each recipient gets, parsed once per batch.
import { MAX_BODY_LENGTH } from "@/schemas/messages";
import { composeMessage, parseTemplate, validateTemplate, type TemplateContact, type TextSpan } from "./template";

export type RenderContact = TemplateContact;

export interface RenderOptions {
  template: string;
  appendOptOutText: boolean;
}

/** Not ok: the recipient is skipped with `invalid_template`, and `detail` says why in words. */
export type RenderResult = { ok: true; text: string; written: TextSpan[] } | { ok: false; detail: string };

/**
 * A filled-in text longer than `POST /sms/send` accepts (issue 38): the recipient is skipped, the
 * test send and the preview refused. Null when it fits.
 */
export function tooLongDetail(text: string): string | null {
  if (text.length <= MAX_BODY_LENGTH) return null;
  const n = (v: number) => v.toLocaleString("en-US");
  return `Filled in, the text is ${n(text.length)} characters; a message may have at most ${n(MAX_BODY_LENGTH)}.`;
}

/** Create and update: an invalid template is 400 `invalid_request` with details on `template`. */
export function checkTemplate(template: string | undefined): void {
  if (template !== undefined) validateTemplate(template);
}

/**
 * A renderer for one campaign (its template parsed once): the text for a contact, or with null,
 * the fallbacks (test sends, estimates, where a variable with no fallback is left empty). A contact
 * lacking a variable with no fallback, or whose text comes out longer than a message may be, is
 * `invalid_template`.
 */
export function campaignRenderer(options: RenderOptions): (contact: RenderContact | null) => RenderResult {
  const parsed = parseTemplate(options.template);
  return (contact) => {
    if (!parsed.ok) return { ok: false, detail: "The template is not valid." };
    const composed = composeMessage(parsed.template, contact, { appendOptOutText: options.appendOptOutText });
    if (contact && composed.missing.length > 0) {
      return { ok: false, detail: `{{${composed.missing[0]!}}} has no value for this contact and no fallback.` };
    }
    const tooLong = tooLongDetail(composed.text);
    if (tooLong) return { ok: false, detail: tooLong };
    return { ok: true, text: composed.text, written: composed.written };
  };
}

export function renderCampaignText(options: RenderOptions, contact: RenderContact | null): RenderResult {
  return campaignRenderer(options)(contact);
}
