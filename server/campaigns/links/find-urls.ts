/**
 * The `http(s)://` URLs in a message's text (contract §11, link tracking), and the short link that
 * replaces each. Pure and client-safe: the preview and the editor count the same characters the
 * sender will send.
 */

/** Base62 characters in a code: 62^12 ≈ 3.2 × 10^21, about 71 bits (the contract asks ≥ 8). */
export const LINK_CODE_LENGTH = 12;
export const LINK_CODE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const LINK_CODE_PATTERN = new RegExp(`^[0-9A-Za-z]{${LINK_CODE_LENGTH}}$`);
/** What a preview shows in place of a code: the same length, plainly not a real one. */
export const SAMPLE_LINK_CODE = "x".repeat(LINK_CODE_LENGTH);
/** Longer URLs are left as they are: no redirect target should be bigger than a message. */
export const MAX_TRACKED_URL_LENGTH = 2048;

export interface FoundUrl {
  url: string;
  start: number;
  end: number;
}

// A URL runs to the next space or character that cannot end one in running text.
const URL_CANDIDATE = /https?:\/\/[^\s<>"'`{}|\\^]+/gi;
// Sentence punctuation after a URL belongs to the sentence ("see https://x.io/a." → no dot).
const TRAILING = /[.,;:!?)\]*_~]+$/;

function trimTrailing(candidate: string): string {
  let url = candidate.replace(TRAILING, "");
  // A ")" is part of the URL when it closes a "(" inside it (Wikipedia-style links).
  const rest = candidate.slice(url.length);
  let opens = (url.match(/\(/g) ?? []).length - (url.match(/\)/g) ?? []).length;
  for (const ch of rest) {
    if (ch !== ")" || opens <= 0) break;
    url += ch;
    opens -= 1;
  }
  return url;
}

export function findUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const url = trimTrailing(match[0]);
    if (url.length > MAX_TRACKED_URL_LENGTH || !isHttpUrl(url)) continue;
    found.push({ url, start: match.index, end: match.index + url.length });
  }
  return found;
}

function isHttpUrl(candidate: string): boolean {
  if (!URL.canParse(candidate)) return false;
  const parsed = new URL(candidate);
  return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname.length > 0;
}

/** Where a URL's origin (scheme, host, port and the character that ends them) ends within it. */
function originLength(url: string): number {
  const after = url.indexOf("://") + 3;
  const rest = url.slice(after).search(/[/?#]/);
  return rest < 0 ? url.length : after + rest + 1;
}

/**
 * The URLs link tracking rewrites (issue 38): those whose origin was written in the template
 * (`written`, from renderTemplate), never one whose scheme or host came from a contact's value, so
 * a contact's data cannot turn into a redirect on the service's domain. A path or query filled in
 * from a variable (`https://shop.example/r/{{attributes.code}}`) is still tracked: the template's
 * author chose where it leads.
 */
export function findTrackedUrls(text: string, written: readonly { start: number; end: number }[]): FoundUrl[] {
  return findUrls(text).filter((u) => {
    const originEnd = u.start + originLength(u.url);
    return written.some((w) => w.start <= u.start && originEnd <= w.end);
  });
}

/** The text with each found URL replaced by `replace(url, index)`. */
export function replaceUrls(text: string, urls: readonly FoundUrl[], replace: (url: string, i: number) => string) {
  let out = "";
  let at = 0;
  urls.forEach((u, i) => {
    out += text.slice(at, u.start) + replace(u.url, i);
    at = u.end;
  });
  return out + text.slice(at);
}

/** `{LINK_BASE_URL}/l/{code}`; the base has no trailing slash (server/env.ts strips it). */
export function shortLinkUrl(base: string, code: string): string {
  return `${base.replace(/\/+$/, "")}/l/${code}`;
}

/** The text as the sender will send it, with a sample code where each real one will be. */
export function withSampleLinks(
  text: string,
  written: readonly { start: number; end: number }[],
  base: string,
): string {
  return replaceUrls(text, findTrackedUrls(text, written), () => shortLinkUrl(base, SAMPLE_LINK_CODE));
}
