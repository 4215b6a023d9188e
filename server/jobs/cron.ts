/**
 * Just enough cron for the embedded runner to follow the same schedule as Inngest's cron trigger:
 * five fields (minute hour day-of-month month day-of-week) in UTC, each `*`, a number, a range
 * `a-b`, a step `*\/n` or `a-b/n`, or a comma list of those. Day-of-week 0 and 7 are Sunday. As in
 * classic cron, when both day fields are restricted a day matching either one matches. Names
 * (JAN, MON), `L`, `W`, `#` and `TZ=` prefixes are rejected rather than misread.
 */

export interface CronSchedule {
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  daysOfWeek: Set<number>;
  domRestricted: boolean;
  dowRestricted: boolean;
}

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
] as const;

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Invalid cron ${field.name} "${part}"`);
    const [, whole, from, to, stepText] = match;
    let start: number = field.min;
    let end: number = field.max;
    if (whole !== "*") {
      start = Number(from);
      end = to !== undefined ? Number(to) : stepText !== undefined ? field.max : start;
    }
    const step = stepText !== undefined ? Number(stepText) : 1;
    if (start < field.min || end > field.max || start > end || step < 1) {
      throw new Error(`Cron ${field.name} "${part}" is out of range ${field.min}-${field.max}`);
    }
    for (let v = start; v <= end; v += step) values.add(v);
  }
  return values;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`Cron "${expression}" must have 5 fields (minute hour day month weekday)`);
  const [minute, hour, dom, month, dow] = parts as [string, string, string, string, string];
  const daysOfWeek = parseField(dow, FIELDS[4]);
  if (daysOfWeek.delete(7)) daysOfWeek.add(0);
  return {
    minutes: parseField(minute, FIELDS[0]),
    hours: parseField(hour, FIELDS[1]),
    daysOfMonth: parseField(dom, FIELDS[2]),
    months: parseField(month, FIELDS[3]),
    daysOfWeek,
    domRestricted: !dom.startsWith("*"),
    dowRestricted: !dow.startsWith("*"),
  };
}

function dayMatches(s: CronSchedule, d: Date): boolean {
  const dom = s.daysOfMonth.has(d.getUTCDate());
  const dow = s.daysOfWeek.has(d.getUTCDay());
  if (s.domRestricted && s.dowRestricted) return dom || dow;
  if (s.domRestricted) return dom;
  if (s.dowRestricted) return dow;
  return true;
}

/** The first matching minute strictly after `after` (UTC). */
export function nextCronTime(expression: string | CronSchedule, after: Date): Date {
  const s = typeof expression === "string" ? parseCron(expression) : expression;
  const t = new Date(after.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  // Each miss jumps to the start of the next month/day/hour/minute, so this is a few hundred
  // iterations at worst; the bound only guards against a schedule that never matches (Feb 30).
  for (let i = 0; i < 100_000; i++) {
    if (!s.months.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!dayMatches(s, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
    } else if (!s.hours.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
    } else if (!s.minutes.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
    } else {
      return t;
    }
  }
  throw new Error(`Cron schedule never matches`);
}
