/**
 * Quiet hours (contract §11): `sendWindow { start: "HH:MM", end: "HH:MM" }` in the recipient's
 * local time, `start` inclusive, `end` exclusive, `start > end` crossing midnight, and `start ==
 * end` open all day. A number that may be in several zones is open only when the window is open
 * in every one of them. Every function takes the instant to judge (`now`): callers inject their
 * clock, tests fix it.
 */

export interface SendWindow {
  start: string;
  end: string;
}

const CLOCK = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;
const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/** "09:30" → 570; undefined when not a 24-hour HH:MM. */
export function parseClock(text: string): number | undefined {
  const match = CLOCK.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

function windowMinutes(window: SendWindow): { start: number; end: number } {
  const start = parseClock(window.start);
  const end = parseClock(window.end);
  if (start === undefined || end === undefined)
    throw new RangeError(`not a send window: ${window.start}-${window.end}`);
  return { start, end };
}

function inWindow(minute: number, w: { start: number; end: number }): boolean {
  if (w.start === w.end) return true;
  return w.start < w.end ? minute >= w.start && minute < w.end : minute >= w.start || minute < w.end;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
// A zone's offset changes at most twice a year and only on a whole quarter hour (UTC): remember it
// per zone and quarter hour, so a batch of a thousand recipients formats a date a handful of times.
const offsets = new Map<string, number>();
const QUARTER_MS = 15 * MINUTE_MS;

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Minutes to add to UTC to get the zone's wall clock at `instantMs`. */
export function zoneOffsetMinutes(zone: string, instantMs: number): number {
  const quarter = Math.floor(instantMs / QUARTER_MS);
  const key = `${zone} ${quarter}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const at = quarter * QUARTER_MS;
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(at)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  const offset = Math.round((wall - at) / MINUTE_MS);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The zone's wall-clock minute of the day (0–1439) at `now`. */
export function localMinuteOfDay(zone: string, now: Date): number {
  const ms = now.getTime();
  const local = Math.floor(ms / MINUTE_MS) + zoneOffsetMinutes(zone, ms);
  return ((local % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
}

/** True when the window is open at `now` in every zone (a null window is always open). */
export function isSendWindowOpen(window: SendWindow | null, zones: readonly string[], now: Date): boolean {
  if (!window) return true;
  const w = windowMinutes(window);
  return zones.every((zone) => inWindow(localMinuteOfDay(zone, now), w));
}

/** How far ahead an opening is looked for: a week covers every pair of real zones that overlap. */
const SEARCH_DAYS = 8;

/** The UTC minutes at which some zone's window opens (± an hour for DST), after `now`, ascending. */
function openingCandidates(start: number, zones: readonly string[], nowMinute: number, days: number): number[] {
  const candidates = new Set<number>();
  for (const zone of zones) {
    for (let day = 0; day <= days; day++) {
      // The zone's local minute `start` on local day `day` from today, as a UTC minute; a DST jump
      // moves it by up to an hour, which trying an hour either side (and firstOpenMinute) repairs.
      const approx = nowMinute + day * DAY_MINUTES;
      const offset = zoneOffsetMinutes(zone, approx * MINUTE_MS);
      const localToday = Math.floor((approx + offset) / DAY_MINUTES) * DAY_MINUTES;
      const utc = localToday + start - offset;
      for (const c of [utc, utc - 60, utc + 60]) if (c > nowMinute) candidates.add(c);
    }
  }
  return [...candidates].sort((a, b) => a - b);
}

/**
 * The first instant at or after `now` when the window is open in every zone; `now` itself when it
 * is open, null when the zones never share an open minute (e.g. a 09:00–10:00 window for a number
 * that may be in Honolulu or in Guam). The earliest shared opening is `now` or one zone's opening
 * (the intersection of half-open intervals starts at one of their starts), so only those
 * instants are tried, whole minutes, in order.
 */
export function nextSendWindowOpening(window: SendWindow | null, zones: readonly string[], now: Date): Date | null {
  if (isSendWindowOpen(window, zones, now)) return now;
  const w = windowMinutes(window!);
  const nowMinute = Math.floor(now.getTime() / MINUTE_MS);
  for (const minute of openingCandidates(w.start, zones, nowMinute, SEARCH_DAYS)) {
    if (isSendWindowOpen(window, zones, new Date(minute * MINUTE_MS))) return firstOpenMinute(window!, zones, minute);
  }
  return null;
}

function openCount(w: { start: number; end: number }, zones: readonly string[], at: Date): number {
  let n = 0;
  for (const zone of zones) if (inWindow(localMinuteOfDay(zone, at), w)) n++;
  return n;
}

/**
 * For zones that never share an open minute (a number whose area is unknown: Google lists every
 * zone of its calling code, Guam to Alaska for +1), waiting for all of them would drop the
 * recipient, which the contract forbids. The best that can be kept is the window open in as many
 * of its zones as possible: the earliest instant, from `now` on, of the largest such set.
 */
export function bestPartialOpening(window: SendWindow, zones: readonly string[], now: Date): Date {
  const w = windowMinutes(window);
  const nowMinute = Math.floor(now.getTime() / MINUTE_MS);
  let best = now;
  let bestCount = openCount(w, zones, now);
  for (const minute of openingCandidates(w.start, zones, nowMinute, 1)) {
    const at = new Date(minute * MINUTE_MS);
    const count = openCount(w, zones, at);
    if (count > bestCount) {
      best = at;
      bestCount = count;
    }
  }
  return best;
}

/** Steps back from an open minute to the first one of its run (a DST-shifted candidate may overshoot). */
function firstOpenMinute(window: SendWindow, zones: readonly string[], minute: number): Date {
  let m = minute;
  for (let i = 0; i < 120 && isSendWindowOpen(window, zones, new Date((m - 1) * MINUTE_MS)); i++) m -= 1;
  return new Date(m * MINUTE_MS);
}
