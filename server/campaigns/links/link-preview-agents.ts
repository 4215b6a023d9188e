/**
 * User agents of link-preview fetchers and crawlers (contract §11: "a known link-preview user
 * agent does not" count as a click). Messengers unfurl a link the moment it arrives, before anyone
 * taps it; counting those would make every message look clicked. Apple's Messages previews with
 * "facebookexternalhit … Twitterbot", so those names cover iMessage too.
 */
const PREVIEW_AGENTS = [
  "facebookexternalhit",
  "facebot",
  "twitterbot",
  "slackbot",
  "slack-imgproxy",
  "linkedinbot",
  "whatsapp",
  "telegrambot",
  "discordbot",
  "skypeuripreview",
  "microsoftpreview",
  "applebot",
  "googlebot",
  "google-pagerenderer",
  "google-inspectiontool",
  "adsbot-google",
  "bingbot",
  "bingpreview",
  "yandexbot",
  "duckduckbot",
  "baiduspider",
  "pinterest",
  "redditbot",
  "embedly",
  "iframely",
  "vkshare",
  "kakaotalk-scrap",
  "line-poker",
  "snap url preview",
  "yahoo! slurp",
  "qwantify",
  "petalbot",
  "ahrefsbot",
  "semrushbot",
  "mastodon",
  "bluesky",
  "cardyb",
  "proofpoint",
  "mimecast",
  "barracuda",
];

// Anything calling itself a bot, crawler, spider or preview as a word of its own: a person's
// browser never does (a phone model such as "CUBOT X30" is not "bot" on its own). In-app browsers
// (LINE, Teams, Viber) are people tapping: only their preview fetchers are listed.
const GENERIC = /\b(bot|crawler|spider|preview|scraper|fetcher|prefetch)\b/i;

export function isLinkPreviewAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  const ua = userAgent.toLowerCase();
  if (GENERIC.test(ua)) return true;
  return PREVIEW_AGENTS.some((name) => ua.includes(name));
}
