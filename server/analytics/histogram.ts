/**
 * Time-to-deliver histogram (migration 20261125015000_message_stats, sg_ttd_bin): 42 bins, bin 0
 * under 100 ms, bin k (1..40) from 100 ms × √2^(k-1) to 100 ms × √2^k, bin 41 from 100 ms × 2^20
 * up. A quantile is placed inside its bin geometrically, so its error is within the bin's width
 * (a factor √2 at most, ±19 % around the bin's geometric middle).
 */
export const TTD_BINS = 42;

/**
 * SQL summing a `ttd_bins` column over a GROUP BY into one bigint[] bin by bin (ttd_bins[1] … [42]):
 * unnesting every row's array and grouping the pieces again cost ten times as much.
 */
export const SUM_TTD_BINS_SQL = `ARRAY[${Array.from({ length: TTD_BINS }, (_, i) => `sum(ttd_bins[${i + 1}])`).join(", ")}]::bigint[]`;

function binBounds(k: number): [number, number] {
  if (k === 0) return [0, 100];
  const lo = 100 * Math.SQRT2 ** (k - 1);
  return k === TTD_BINS - 1 ? [lo, lo] : [lo, 100 * Math.SQRT2 ** k];
}

export function addBins(a: readonly number[], b: readonly number[]): number[] {
  return Array.from({ length: TTD_BINS }, (_, i) => (a[i] ?? 0) + (b[i] ?? 0));
}

/** The q-quantile (0 < q < 1) in whole milliseconds; null for an empty histogram. */
export function quantileMs(bins: readonly number[], q: number): number | null {
  const total = bins.reduce((s, n) => s + n, 0);
  if (total === 0) return null;
  const rank = q * total;
  let before = 0;
  for (let k = 0; k < TTD_BINS; k++) {
    const n = bins[k] ?? 0;
    if (n > 0 && before + n >= rank) {
      const [lo, hi] = binBounds(k);
      const f = Math.min(1, Math.max(0, (rank - before) / n));
      const value = k === 0 ? lo + (hi - lo) * f : lo * (hi / lo) ** f;
      return Math.round(value);
    }
    before += n;
  }
  return Math.round(binBounds(TTD_BINS - 1)[0]);
}
