/**
 * The pace of one carrier connection (contract §15): every request (each SMPP submit_sm, each part
 * of a long message, each HTTP request) waits for its turn here.
 *
 * - A ceiling (SMPP_MAX_MPS, TWILIO_MAX_MPS) spaces requests evenly. Without one, and while no
 *   throttle is in force, `take()` waits for nothing.
 * - A throttle answer (`throttled()`) cuts the rate to half of what the connection actually sent over
 *   the last second (the ceiling, when one is set, may be far above what it sent), never below the
 *   floor (1/s), from the last request on. Answers to requests sent before a cut say nothing new,
 *   so while slowed it cuts at most once per `cutEveryMs`.
 * - Then it ramps back up linearly while no throttle comes (by `rampShare` of the rate it returns
 *   to each second, at least the floor's worth), to the ceiling, or, without one, to the rate that
 *   was throttled, after which the limit lifts again (AIMD, as TCP does).
 *
 * A request that would wait longer than the caller's `maxWaitMs` is not sent (`take` answers
 * false): the caller answers "throttled" and the pipeline queues the message again, so no message
 * waits here past its claim's lease.
 */
export interface ConnectionPaceOptions {
  /** Most requests per second; unset: none, until a throttle answer. */
  ceiling?: number;
  /** The lowest rate a throttle cuts to (requests per second; default 1, or the ceiling when lower). */
  floor?: number;
  /** Ramp-up each second after a cut, as a share of the rate it returns to (default 0.1). */
  rampShare?: number;
  /** At most one cut this often (default 1 000 ms). */
  cutEveryMs?: number;
  /** Told the new rate after each cut (a log line: once a second at most). */
  onCut?: (mps: number) => void;
  /** The clock and the timer, injected by tests. */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
}

interface Waiter {
  go: (taken: boolean) => void;
  deadline: number;
}

/** After a cut: the rate at `cutAt`, rising by `step` a second up to `target`. */
interface Slowdown {
  cutAt: number;
  cutRate: number;
  step: number;
  target: number;
}

const BUCKET_MS = 100;
const BUCKETS = 10; // one second of history
const GO = Promise.resolve(true);
const GIVE_UP = Promise.resolve(false);

export class ConnectionPace {
  private readonly ceiling: number | undefined;
  private readonly floor: number;
  private readonly rampShare: number;
  private readonly cutEveryMs: number;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => void;
  private readonly onCut: ((mps: number) => void) | undefined;

  private slowdown: Slowdown | null = null;
  private lastCutAt = -Infinity;
  /** The earliest time the next request may go. */
  private nextAt = -Infinity;
  private lastSentAt = -Infinity;
  private readonly waiting: Waiter[] = [];
  private timerAt = Infinity;
  /** Requests sent per 100 ms bucket (`bucketIds` says which bucket a slot holds). */
  private readonly counts = new Array<number>(BUCKETS).fill(0);
  private readonly bucketIds = new Array<number>(BUCKETS).fill(-1);

  constructor(options: ConnectionPaceOptions = {}) {
    this.ceiling = options.ceiling;
    this.floor = Math.min(options.floor ?? 1, options.ceiling ?? Infinity);
    this.rampShare = options.rampShare ?? 0.1;
    this.cutEveryMs = options.cutEveryMs ?? 1_000;
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => void setTimeout(run, ms));
    this.onCut = options.onCut;
  }

  /** Waits for this request's turn; false when that would take longer than `maxWaitMs` (not sent). */
  take(maxWaitMs = Infinity): Promise<boolean> {
    const now = this.now();
    const rate = this.rate(now);
    if (this.waiting.length === 0 && now >= this.nextAt) {
      this.release(now, rate);
      return GO;
    }
    if (this.expectedWaitMs(now, rate) > maxWaitMs) return GIVE_UP;
    return new Promise<boolean>((go) => {
      this.waiting.push({ go, deadline: now + maxWaitMs });
      this.arm(now);
    });
  }

  /**
   * The carrier said "slow down": cut the rate, and send nothing for `holdMs` (an HTTP Retry-After).
   */
  throttled(holdMs = 0): void {
    const now = this.now();
    if (holdMs > 0) this.nextAt = Math.max(this.nextAt, now + holdMs);
    const rate = this.rate(now); // (first: it ends a slowdown that has ramped back up)
    // While slowed, at most one cut per cutEveryMs; with no slowdown in force, a throttle always cuts.
    if (this.slowdown === null || now - this.lastCutAt >= this.cutEveryMs) {
      this.lastCutAt = now;
      const sent = Math.min(rate, Math.max(this.observed(now), this.floor));
      const cutRate = Math.max(this.floor, sent / 2);
      const target = this.ceiling ?? Math.max(sent, cutRate + this.floor);
      const step = Math.max(this.floor, target * this.rampShare);
      this.slowdown = { cutAt: now, cutRate, step, target };
      // The slower pace holds from the last request on, not from the next one.
      this.nextAt = Math.max(this.nextAt, this.lastSentAt + 1_000 / cutRate);
      this.onCut?.(cutRate);
    }
    if (this.waiting.length > 0) this.arm(now);
  }

  /** Requests per second allowed now; null when there is no limit. */
  currentMps(): number | null {
    const rate = this.rate(this.now());
    return rate === Infinity ? null : rate;
  }

  /** About how long a request taken now would wait (for a "try again in" answer). */
  expectedWaitMs(now = this.now(), rate = this.rate(now)): number {
    return Math.max(0, this.nextAt - now) + this.waiting.length * (1_000 / rate);
  }

  private rate(now: number): number {
    const s = this.slowdown;
    if (s) {
      const rate = s.cutRate + (s.step * (now - s.cutAt)) / 1_000;
      if (rate < s.target) return rate;
      this.slowdown = null; // ramped back up
    }
    return this.ceiling ?? Infinity;
  }

  private release(now: number, rate: number): void {
    // A turn taken late (a timer's lateness) is not made up for: the ceiling is never passed.
    this.nextAt = Math.max(this.nextAt, now) + 1_000 / rate;
    this.lastSentAt = now;
    const id = Math.floor(now / BUCKET_MS);
    const slot = id % BUCKETS;
    if (this.bucketIds[slot] !== id) {
      this.bucketIds[slot] = id;
      this.counts[slot] = 0;
    }
    this.counts[slot]! += 1;
  }

  /** Requests sent over the last second. */
  private observed(now: number): number {
    const id = Math.floor(now / BUCKET_MS);
    let sum = 0;
    for (let i = 0; i < BUCKETS; i++) if (this.bucketIds[i]! > id - BUCKETS) sum += this.counts[i]!;
    return sum;
  }

  private pump = (): void => {
    const now = this.now();
    this.timerAt = Infinity;
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (w.deadline < now) {
        this.waiting.splice(i, 1);
        w.go(false);
      }
    }
    while (this.waiting.length > 0 && now >= this.nextAt) {
      this.release(now, this.rate(now));
      this.waiting.shift()!.go(true);
    }
    if (this.waiting.length > 0) this.arm(now);
  };

  /** A timer for the next turn or the first deadline, whichever comes first. */
  private arm(now: number): void {
    let at = this.nextAt;
    for (const w of this.waiting) at = Math.min(at, w.deadline + 1);
    if (at >= this.timerAt) return;
    this.timerAt = at;
    this.setTimer(this.pump, Math.max(0, at - now));
  }
}
