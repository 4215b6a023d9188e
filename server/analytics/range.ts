import { AppError } from "../errors";
import { MAX_RANGE_DAYS, type GRANULARITIES } from "@/schemas/analytics";

export type Granularity = (typeof GRANULARITIES)[number];

const DAY = 86_400_000;
const STEP = { hour: 3_600_000, day: DAY } as const;

/**
 * contract §9: `from` inclusive, `to` exclusive, at most 400 days by day and 7 days by hour. By
 * default the last 7 days (by day) or 24 hours (by hour), ending with the bucket now is in, so the
 * buckets are whole.
 */
export function resolveRange(q: { from?: Date; to?: Date; granularity: Granularity }, now = new Date()) {
  const step = STEP[q.granularity];
  const to = q.to ?? new Date(Math.ceil((now.getTime() + 1) / step) * step);
  const from = q.from ?? new Date(to.getTime() - (q.granularity === "day" ? 7 * DAY : DAY));
  if (from >= to) {
    throw new AppError("invalid_request", "`from` must be before `to`.", {
      details: [{ path: "to", message: "Must be after `from`." }],
    });
  }
  const limit = MAX_RANGE_DAYS[q.granularity];
  if (to.getTime() - from.getTime() > limit * DAY) {
    throw new AppError("invalid_request", `At most ${limit} days by ${q.granularity}.`, {
      details: [{ path: "from", message: `At most ${limit} days by ${q.granularity}.` }],
    });
  }
  return { from, to, granularity: q.granularity };
}

/** The start of every bucket that overlaps [from, to), oldest first (UTC). */
export function bucketStarts(from: Date, to: Date, granularity: Granularity): Date[] {
  const step = STEP[granularity];
  const first = Math.floor(from.getTime() / step) * step;
  const starts: Date[] = [];
  for (let t = first; t < to.getTime(); t += step) starts.push(new Date(t));
  return starts;
}

/**
 * The UTC days whose every hour the range counts (an hour counts when it starts in [from, to)), as
 * [from, to) of day starts; an empty range at `to` when there is none. These can be read from the
 * daily rollup, the hours outside them from the hourly rows.
 */
export function wholeDays(from: Date, to: Date): { from: Date; to: Date } {
  const first = Math.ceil(from.getTime() / DAY) * DAY;
  // The last day whose last hour (day + 23 h) still starts before `to`.
  const end = Math.floor((to.getTime() - 1 - 23 * STEP.hour) / DAY) * DAY + DAY;
  return first < end ? { from: new Date(first), to: new Date(end) } : { from: to, to };
}
