/**
 * The opt-out footer (contract §11): with `appendOptOutText` (the default) and a template that does
 * not already say "STOP", every message ends with this text. Decided on the template, not on each
 * contact's text, so one campaign's messages all carry it or all do not. Client-safe.
 */
export const OPT_OUT_FOOTER = " Reply STOP to opt out.";

export function needsOptOutFooter(template: string, appendOptOutText: boolean): boolean {
  return appendOptOutText && !template.includes("STOP");
}

export function withOptOutFooter(text: string, template: string, appendOptOutText: boolean): string {
  return needsOptOutFooter(template, appendOptOutText) ? text + OPT_OUT_FOOTER : text;
}
