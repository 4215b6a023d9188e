import { withOptOutFooter } from "./opt-out-footer";
import type { ParsedTemplate } from "./parse-template";
import { renderTemplate, type RenderedTemplate, type TemplateContact } from "./render-template";

export interface ComposeOptions {
  /** contract §11, default true. */
  appendOptOutText: boolean;
}

/**
 * One recipient's text before link tracking: the template filled for the contact, then the opt-out
 * footer. `missing` non-empty means skip with `invalid_template`. Client-safe.
 */
export function composeMessage(
  template: ParsedTemplate,
  contact: TemplateContact | null,
  options: ComposeOptions,
): RenderedTemplate {
  const rendered = renderTemplate(template, contact);
  return {
    text: withOptOutFooter(rendered.text, template.source, options.appendOptOutText),
    missing: rendered.missing,
    written: rendered.written,
  };
}
