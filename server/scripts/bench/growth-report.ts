import type { GrowthPicks, ProbeFigures } from "./growth";
import { describeGoal, type GoalCheck } from "./report";
import type { DatabaseBytes } from "./retention-seed";

// `--only growth`'s printed report: the table of p50/p95 at both sizes with the ratio, the goals,
// and database bytes per message before and after retention.

export interface SizeFigures {
  messages: number;
  probes: ProbeFigures[];
  bytes: DatabaseBytes;
}

export interface GrowthFigures {
  seed: {
    small: Record<string, number>;
    large: Record<string, number>;
    largeSeconds: number;
    startMs: number;
    spanDays: number;
  };
  picks: GrowthPicks;
  bytes: { empty: DatabaseBytes };
  /** Small (measured before growing) and large. */
  sizes: [SizeFigures, SizeFigures];
  /** A second organization at the small size, measured in the same rounds as the large one: the targets' base. */
  control: SizeFigures;
  aggregatesMismatches: number;
  /** Null with BENCH_GROWTH_RETENTION=off. */
  retention: {
    seconds: number;
    rows: Record<string, number>;
    related: Record<string, number>;
    afterRetention: DatabaseBytes;
    afterVacuum: DatabaseBytes;
  } | null;
  checks: GoalCheck[];
}

const kb = (n: number) => `${Math.round(n).toLocaleString("en")}`;
const ms = (n: number) => n.toFixed(1).padStart(8);

/** Bytes in use: the files less what the free space map offers new rows (known after VACUUM). */
function inUse(b: DatabaseBytes): number {
  const free = b.reusable ? Object.values(b.reusable).reduce((a, v) => a + v, 0) : 0;
  return b.database - free;
}

export function bytesPerMessage(f: GrowthFigures) {
  const [, large] = f.sizes;
  const seeded = large.bytes.database - f.bytes.empty.database;
  const perTable = Object.fromEntries(
    Object.entries(large.bytes.tables).map(([t, b]) => [t, (b - (f.bytes.empty.tables[t] ?? 0)) / large.messages]),
  );
  const r = f.retention;
  return {
    before: seeded / large.messages,
    perTableBefore: perTable,
    afterRetentionFiles: r ? (r.afterVacuum.database - f.bytes.empty.database) / large.messages : null,
    afterRetentionInUse: r ? (inUse(r.afterVacuum) - f.bytes.empty.database) / large.messages : null,
    perTableAfter: r
      ? Object.fromEntries(
          Object.entries(r.afterVacuum.tables).map(([t, b]) => [
            t,
            (b - (r.afterVacuum.reusable?.[t] ?? 0) - (f.bytes.empty.tables[t] ?? 0)) / large.messages,
          ]),
        )
      : null,
  };
}

/**
 * p50/p95 of the small control and the large organization (measured in the same rounds, the ratio's
 * base), and of the small size measured before growing.
 */
export function printProbeTable(control: SizeFigures, large: SizeFigures, before: SizeFigures): void {
  console.log(
    `  ${"".padEnd(40)} ${"small p50".padStart(9)} ${"p95".padStart(9)} ${"large p50".padStart(9)} ${"p95".padStart(9)}  p95 ratio` +
      `  (small before growing: p50, p95)`,
  );
  for (const s of control.probes) {
    const l = large.probes.find((p) => p.name === s.name)!;
    const b = before.probes.find((p) => p.name === s.name)!;
    console.log(
      `  ${s.name.padEnd(40)} ${ms(s.p50Ms)}  ${ms(s.p95Ms)}  ${ms(l.p50Ms)}  ${ms(l.p95Ms)}  ${(l.p95Ms / s.p95Ms).toFixed(2)}×` +
        `  ${ms(b.p50Ms)} ${ms(b.p95Ms)}`,
    );
  }
}

export function printGrowth(f: GrowthFigures): void {
  const [small, large] = f.sizes;
  console.log("");
  console.log(
    `Growth: one organization, ${small.messages.toLocaleString("en")} then ${large.messages.toLocaleString("en")} ` +
      `messages over ${f.seed.spanDays} days (grown by SQL in ${f.seed.largeSeconds.toFixed(0)} s); one request at a time, ` +
      `every probe in turn, ${small.probes[0]?.samples ?? 0} samples each; the small size is a second organization ` +
      `of the same shape measured in the same rounds as the large one:`,
  );
  printProbeTable(f.control, large, small);
  for (const c of f.checks) console.log(`  ${describeGoal(c)}`);
  const b = bytesPerMessage(f);
  console.log(
    `  (info)   database bytes per message before retention: ${kb(b.before)} ` +
      `(${Object.entries(b.perTableBefore)
        .map(([t, v]) => `${t} ${kb(v)}`)
        .join(", ")})`,
  );
  if (f.retention && b.afterRetentionInUse !== null) {
    const r = f.retention;
    console.log(
      `  (info)   retention (§9 defaults) over that history: ${JSON.stringify(r.rows)} (with them ${JSON.stringify(r.related)}) ` +
        `in ${r.seconds.toFixed(0)} s`,
    );
    console.log(
      `  (info)   database bytes per message after retention and VACUUM: ${kb(b.afterRetentionInUse)} in use ` +
        `(${Object.entries(b.perTableAfter!)
          .map(([t, v]) => `${t} ${kb(v)}`)
          .join(", ")}); the files stay at ${kb(b.afterRetentionFiles!)} until new rows reuse the space`,
    );
  }
}
