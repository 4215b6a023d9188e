import { describe, expect, it } from "vitest";
import { ConnectionPace, type ConnectionPaceOptions } from "./connection-pace";

/** A clock the test moves by hand, with the timers the pace sets on it (nothing sleeps). */
function fakeClock() {
  let t = 0;
  const timers: { at: number; run: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    timers,
    now: () => t,
    setTimer: (run: () => void, ms: number) => void timers.push({ at: t + ms, run }),
    /** Runs the timers due up to `ms` from now, each at its own time. */
    async advance(ms: number) {
      const end = t + ms;
      await settle();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        t = next.at;
        next.run();
        await settle();
      }
      t = end;
    },
  };
}

function paced(options: ConnectionPaceOptions = {}) {
  const clock = fakeClock();
  const pace = new ConnectionPace({ now: clock.now, setTimer: clock.setTimer, ...options });
  const sent: { at: number; taken: boolean }[] = [];
  const take = (maxWaitMs?: number) => void pace.take(maxWaitMs).then((taken) => sent.push({ at: clock.now(), taken }));
  return { clock, pace, sent, take };
}

describe("ConnectionPace", () => {
  it("without a ceiling waits for nothing and sets no timer", async () => {
    const { clock, pace, sent, take } = paced();
    for (let i = 0; i < 1_000; i++) take();
    await clock.advance(0);
    expect(sent).toHaveLength(1_000);
    expect(sent.every((s) => s.at === 0 && s.taken)).toBe(true);
    expect(clock.timers).toHaveLength(0);
    expect(pace.currentMps()).toBeNull();
  });

  it("spaces requests evenly under a ceiling", async () => {
    const { clock, pace, sent, take } = paced({ ceiling: 10 });
    for (let i = 0; i < 5; i++) take();
    await clock.advance(1_000);
    expect(sent.map((s) => s.at)).toEqual([0, 100, 200, 300, 400]);
    expect(pace.currentMps()).toBe(10);
  });

  it("halves the rate actually sent over the last second on a throttle, ramps back up, then lifts the limit", async () => {
    const { clock, pace, sent, take } = paced();
    await clock.advance(500);
    for (let i = 0; i < 20; i++) {
      take();
      await clock.advance(25);
    }
    // 20 requests over the last second: a throttle now cuts to 10 a second.
    pace.throttled();
    expect(pace.currentMps()).toBe(10);
    sent.length = 0;
    for (let i = 0; i < 3; i++) take();
    await clock.advance(300);
    // 100 ms after the last request sent (at 975), then about 10/s, a little faster as the ramp begins.
    const times = [975, ...sent.map((s) => s.at)];
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(gaps[0]).toBe(100);
    for (const gap of gaps) expect(gap).toBeGreaterThan(95);
    for (const gap of gaps) expect(gap).toBeLessThanOrEqual(100);
    // Back up by 10 % of the throttled rate (2/s) each second without a throttle …
    await clock.advance(1_700);
    expect(pace.currentMps()).toBeCloseTo(14);
    // … and, with no ceiling, unlimited again once it reaches the rate that was throttled.
    await clock.advance(3_000);
    expect(pace.currentMps()).toBeNull();
  });

  it("cuts at most once a second, never below 1/s, and returns to the ceiling", async () => {
    const reported: number[] = [];
    const { clock, pace, sent, take } = paced({ ceiling: 4, onCut: (mps) => reported.push(mps) });
    for (let i = 0; i < 4; i++) take();
    await clock.advance(800);
    expect(sent.map((s) => s.at)).toEqual([0, 250, 500, 750]);
    pace.throttled();
    expect(pace.currentMps()).toBe(2);
    // Answers to requests sent before the cut: no further cut.
    await clock.advance(100);
    pace.throttled();
    expect(pace.currentMps()).toBeCloseTo(2.1);
    await clock.advance(1_000);
    pace.throttled();
    expect(pace.currentMps()).toBe(1); // half of what went (nothing) would be less: the floor
    await clock.advance(2_000);
    expect(pace.currentMps()).toBe(3); // +1/s
    await clock.advance(5_000);
    expect(pace.currentMps()).toBe(4); // the ceiling, not unlimited
    expect(reported).toEqual([2, 1]); // each cut told once (for the log)
  });

  it("cuts again at once when a throttle comes after the slowdown has ended", async () => {
    const { clock, pace, take } = paced({ ceiling: 8, cutEveryMs: 60_000, rampShare: 1 });
    for (let i = 0; i < 8; i++) take();
    await clock.advance(950);
    pace.throttled();
    expect(pace.currentMps()).toBe(4);
    await clock.advance(1_000); // +8/s: back at the ceiling
    expect(pace.currentMps()).toBe(8);
    pace.throttled();
    expect(pace.currentMps()).toBe(1); // nothing sent over the last second: the floor
  });

  it("sends nothing while a Retry-After holds", async () => {
    const { clock, pace, sent, take } = paced();
    pace.throttled(2_000);
    take();
    await clock.advance(1_999);
    expect(sent).toEqual([]);
    await clock.advance(1);
    expect(sent).toEqual([{ at: 2_000, taken: true }]);
  });

  it("gives up on a request that would wait longer than the caller allows", async () => {
    const { clock, pace, sent, take } = paced({ ceiling: 1 });
    take();
    take(500); // its turn would come in 1 s
    take(1_500);
    await clock.advance(0);
    expect(sent).toEqual([
      { at: 0, taken: true },
      { at: 0, taken: false },
    ]);
    await clock.advance(1_000);
    expect(sent[2]).toEqual({ at: 1_000, taken: true });

    // A hold that comes while it waits: it is let go at its deadline, not sent.
    take(1_200);
    pace.throttled(5_000);
    await clock.advance(2_000);
    expect(sent[3]).toEqual({ at: 2_201, taken: false });
    expect(pace.expectedWaitMs()).toBe(3_000);
  });
});
