import { describe, expect, it } from "vitest";
import { addBins, quantileMs, TTD_BINS } from "./histogram";

/** The bin sg_ttd_bin gives a duration (the SQL function, in JavaScript). */
const binOf = (ms: number) => (ms < 100 ? 0 : Math.min(41, 1 + Math.floor((2 * Math.log(ms / 100)) / Math.log(2))));

function histogramOf(durations: number[]): number[] {
  const bins = new Array<number>(TTD_BINS).fill(0);
  for (const d of durations) bins[binOf(d)]! += 1;
  return bins;
}

describe("time-to-deliver histogram", () => {
  it("estimates p50 and p95 within the bin width of the true values", () => {
    // 1,000 deliveries: most around 2 s, a tail to 60 s.
    const durations = Array.from({ length: 1000 }, (_, i) => (i < 900 ? 1500 + i : 20_000 + (i - 900) * 400));
    const sorted = [...durations].sort((a, b) => a - b);
    const bins = histogramOf(durations);
    for (const q of [0.5, 0.95]) {
      const truth = sorted[Math.ceil(q * sorted.length) - 1]!;
      const estimate = quantileMs(bins, q)!;
      expect(estimate / truth, `q=${q}`).toBeGreaterThan(1 / Math.SQRT2);
      expect(estimate / truth, `q=${q}`).toBeLessThan(Math.SQRT2);
    }
  });

  it("is null without deliveries, and adds bin by bin", () => {
    expect(quantileMs(new Array(TTD_BINS).fill(0), 0.5)).toBeNull();
    const a = histogramOf([50, 200]);
    const b = histogramOf([200, 5000]);
    expect(addBins(a, b)).toEqual(histogramOf([50, 200, 200, 5000]));
  });

  it("places sub-100 ms and beyond-29-hour deliveries in the end bins", () => {
    expect(quantileMs(histogramOf([10, 20, 30]), 0.5)).toBeLessThan(100);
    expect(quantileMs(histogramOf([200 * 3_600_000]), 0.5)).toBe(Math.round(100 * 2 ** 20));
  });
});
