import { connectionsFor, isValid, percentile, type Slice, type Target } from "./measure";

export interface TargetResult {
  target: Target;
  slices: Slice[];
  valid: boolean;
  /** Pooled over every slice: all 2xx responses ÷ all measured seconds, percentiles of all latencies. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  serverCpuMsPerReq: number | null;
  databaseCpuMsPerReq: number | null;
}

export interface Check {
  name: string;
  numerator: string;
  denominator: string;
  limit: number;
  /** Median over rounds of p50(numerator) ÷ p50(denominator) measured side by side: the verdict. */
  ratio: number | null;
  roundRatios: number[];
  /** p50 of all pooled latencies, numerator ÷ denominator. */
  pooledRatio: number | null;
  /** (server + database) CPU per request, numerator ÷ denominator: the same question, less noise. */
  cpuRatio: number | null;
  verdict: "PASS" | "MISS" | "INVALID";
}

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** (max − min) ÷ median: how much a figure moved between rounds. */
export function spread(values: number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length < 2) return 0;
  return (Math.max(...finite) - Math.min(...finite)) / median(finite);
}

function sumOrNull(values: (number | null)[]): number | null {
  return values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);
}

/** Pools a target's slices; one invalid slice invalidates the target. */
export function summarize(target: Target, slices: Slice[], latencies: number[][]): TargetResult {
  const sorted = Float64Array.from(latencies.flat()).sort();
  const requests = slices.reduce((n, s) => n + s.requests, 0);
  const seconds = slices.reduce((n, s) => n + s.seconds, 0);
  const perRequest = (ms: number | null) => (ms === null || requests === 0 ? null : ms / requests);
  return {
    target,
    slices,
    valid: slices.length > 0 && slices.every(isValid),
    reqPerSec: seconds > 0 ? requests / seconds : Number.NaN,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    serverCpuMsPerReq: perRequest(sumOrNull(slices.map((s) => s.serverCpuMs))),
    databaseCpuMsPerReq: perRequest(sumOrNull(slices.map((s) => s.databaseCpuMs))),
  };
}

/** Server plus database CPU ms per request (database 0 on PGlite, which runs inside the server). */
export function cpuPerRequest(r: TargetResult): number | null {
  if (r.serverCpuMsPerReq === null) return null;
  return r.serverCpuMsPerReq + (r.databaseCpuMsPerReq ?? 0);
}

/** The median over rounds of the paired p50 ratio must not exceed the limit. */
export function check(
  name: string,
  numerator: TargetResult | undefined,
  denominator: TargetResult | undefined,
  limit: number,
): Check {
  const base = { name, numerator: numerator?.target.name ?? "?", denominator: denominator?.target.name ?? "?", limit };
  if (!numerator?.valid || !denominator?.valid) {
    return { ...base, ratio: null, roundRatios: [], pooledRatio: null, cpuRatio: null, verdict: "INVALID" };
  }
  const roundRatios = numerator.slices.flatMap((s, i) => {
    const d = denominator.slices[i];
    return d ? [s.p50Ms / d.p50Ms] : [];
  });
  const ratio = median(roundRatios);
  const cpuN = cpuPerRequest(numerator);
  const cpuD = cpuPerRequest(denominator);
  return {
    ...base,
    ratio,
    roundRatios,
    pooledRatio: numerator.p50Ms / denominator.p50Ms,
    cpuRatio: cpuN !== null && cpuD !== null && cpuD > 0 ? cpuN / cpuD : null,
    verdict: ratio <= limit ? "PASS" : "MISS",
  };
}

const fmt = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");

function pad(cells: string[][]): string {
  const widths = cells[0]!.map((_, c) => Math.max(...cells.map((row) => row[c]!.length)));
  return cells
    .map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "))
    .join("\n");
}

/** `phaseConnections`: the phase's count, shown beside routes loaded with fewer (Target.maxConnections). */
export function table(results: TargetResult[], baseline: TargetResult, phaseConnections?: number): string {
  const showDb = results.some((r) => r.databaseCpuMsPerReq !== null);
  const rows = [
    [
      "route",
      "req/s",
      "p50 ms",
      "p99 ms",
      "p50 ÷ base",
      "req/s ÷ base",
      "server CPU ms/req",
      ...(showDb ? ["db CPU ms/req"] : []),
      "status",
    ],
  ];
  for (const r of results) {
    const usable = r.valid && baseline.valid;
    const codes = [...new Set(r.slices.flatMap((s) => Object.keys(s.statusCodes)))].sort().join(",");
    const problems = r.slices.reduce((n, s) => n + s.errors + s.timeouts + s.non2xx, 0);
    const connections = connectionsFor(r.target, phaseConnections ?? Number.POSITIVE_INFINITY);
    const fewer = phaseConnections !== undefined && connections < phaseConnections;
    rows.push([
      `${r.target.method} ${r.target.path}` + (fewer ? ` (${connections} conn.)` : ""),
      fmt(r.reqPerSec, 0),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      usable ? fmt(r.p50Ms / baseline.p50Ms, 3) : "n/a",
      usable ? fmt(r.reqPerSec / baseline.reqPerSec, 3) : "n/a",
      r.serverCpuMsPerReq === null ? "n/a" : fmt(r.serverCpuMsPerReq, 3),
      ...(showDb ? [r.databaseCpuMsPerReq === null ? "n/a" : fmt(r.databaseCpuMsPerReq, 3)] : []),
      r.valid ? "ok" : `INVALID (${problems} errors/timeouts/non-2xx; status codes ${codes || "none"})`,
    ]);
  }
  return pad(rows);
}

/** One line per check; `informational` shows the ratio without a verdict. */
export function describeCheck(c: Check, informational = false): string {
  if (c.verdict === "INVALID") return `INVALID  ${c.name}: a measurement had errors, no ratio`;
  const verdict = informational ? (c.verdict === "PASS" ? "(within)" : "(beyond)") : c.verdict;
  const low = Math.min(...c.roundRatios);
  const high = Math.max(...c.roundRatios);
  const cpu = c.cpuRatio === null ? "" : `; CPU per request ${c.cpuRatio.toFixed(3)}`;
  return (
    `${verdict.padEnd(8)} ${c.name}: p50 ${c.numerator} ÷ p50 ${c.denominator} = ${c.ratio!.toFixed(3)} ` +
    `(limit ${c.limit.toFixed(2)}; median of ${c.roundRatios.length} rounds, range ${low.toFixed(2)}–${high.toFixed(2)}; ` +
    `pooled ${c.pooledRatio!.toFixed(3)}${cpu})`
  );
}

/** A target on one figure, judged PASS or FAIL (the SMS routes and the message pipeline). */
export interface GoalCheck {
  name: string;
  op: "≥" | "≤" | "<";
  limit: number;
  value: number | null;
  unit: string;
  /** How the value was reached and other views of it. */
  detail: string;
  verdict: "PASS" | "FAIL" | "INVALID";
  /** Decimals shown; by default 1 with a unit or a limit ≥ 10, else 3. */
  digits?: number;
}

export function goal(
  name: string,
  value: number | null,
  op: GoalCheck["op"],
  limit: number,
  unit: string,
  detail: string,
): GoalCheck {
  const within = op === "≥" ? value! >= limit : op === "≤" ? value! <= limit : value! < limit;
  const ok = value !== null && Number.isFinite(value) && within;
  return { name, op, limit, value, unit, detail, verdict: value === null ? "INVALID" : ok ? "PASS" : "FAIL" };
}

/** One figure of a route, per slice and pooled over its slices. */
export interface Figure {
  slice: (s: Slice) => number;
  pooled: (r: TargetResult) => number;
}

export const REQ_PER_SEC: Figure = { slice: (s) => s.requests / s.seconds, pooled: (r) => r.reqPerSec };
export const P99: Figure = { slice: (s) => s.p99Ms, pooled: (r) => r.p99Ms };
export const scaled = (f: Figure, factor: number): Figure => ({
  slice: (s) => f.slice(s) * factor,
  pooled: (r) => f.pooled(r) * factor,
});

/**
 * numerator's figure ÷ denominator's over the slices of each round, measured side by side: the
 * median over rounds (the verdict), its range, and the same ratio of the pooled figures. Null when
 * either route had errors.
 */
export function pairedRatio(
  numerator: TargetResult | undefined,
  numeratorFigure: Figure,
  denominator: TargetResult | undefined,
  denominatorFigure: Figure,
): { ratio: number; detail: string } | null {
  if (!numerator?.valid || !denominator?.valid) return null;
  const roundRatios = numerator.slices.flatMap((s, i) => {
    const d = denominator.slices[i];
    return d ? [numeratorFigure.slice(s) / denominatorFigure.slice(d)] : [];
  });
  const ratio = median(roundRatios);
  const low = Math.min(...roundRatios);
  const high = Math.max(...roundRatios);
  return {
    ratio,
    detail:
      `median of ${roundRatios.length} rounds, range ${fmt(low, 2)}–${fmt(high, 2)}; ` +
      `pooled ${fmt(numeratorFigure.pooled(numerator) / denominatorFigure.pooled(denominator), 3)}`,
  };
}

export function describeGoal(c: GoalCheck, informational = false): string {
  if (c.verdict === "INVALID") return `INVALID  ${c.name}: ${c.detail}`;
  const verdict = informational ? (c.verdict === "PASS" ? "(within)" : "(beyond)") : c.verdict;
  const digits = c.digits ?? (c.unit || c.limit >= 10 ? 1 : 3);
  return (
    `${verdict.padEnd(8)} ${c.name} = ${fmt(c.value!, digits)}${c.unit} ` +
    `(target ${c.op} ${c.limit}${c.unit}; ${c.detail})`
  );
}
