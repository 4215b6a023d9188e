/**
 * The opt-out footer (contract §11): with `appendOptOutText` (the default) and a template that does
 * not already say "STOP", every message ends with this text. Decided on the template, not on each
 * contact's text, so one campaign's messages all carry it or all do not. Client-safe.
 */
export const OPT_OUT_FOOTER = " Reply STOP to opt out.";

export function needsOptOutFooter(template: string, appendOptOutText: boolean): boolean {
  return appendOptOutText && !template.includes("STOP");
}

/**
 * The text with the footer. A text that already ends in white space (the builder's starting
 * template "Hi {{firstName|there}}, " does, and so may a line break) gets it without its own
 * leading space: "Hi there, Reply STOP…", never two spaces (issue 39).
 */
export function withOptOutFooter(text: string, template: string, appendOptOutText: boolean): string {
  if (!needsOptOutFooter(template, appendOptOutText)) return text;
  return /\s$/.test(text) ? text + OPT_OUT_FOOTER.trimStart() : text + OPT_OUT_FOOTER;
}
