import autocannon from "autocannon";

export interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Informational targets are measured once, after the compared ones, and gate nothing. */
  informational?: boolean;
  /** At most this many connections, whatever the phase's count (heavy requests such as bulk sends). */
  maxConnections?: number;
  /**
   * Runs after each of this target's loads (warm-up included), before the next route's: lets work
   * the route queued (messages in the pipeline) finish, so it cannot spill into the next slice.
   */
  settle?: () => Promise<void>;
}

/** The connections a target is loaded with in a phase of `phaseConnections`. */
export function connectionsFor(target: Target, phaseConnections: number): number {
  return Math.min(target.maxConnections ?? phaseConnections, phaseConnections);
}

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
}

/** One autocannon run (a "slice"): its own figures, plus the raw latencies for pooling. */
export interface Slice {
  seconds: number;
  /** 2xx responses; only those have latencies. */
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  /** CPU ms used during the slice by the server process and by the database backends (cpu.ts). */
  serverCpuMs: number | null;
  databaseCpuMs: number | null;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/**
 * One autocannon run. Latencies are collected from autocannon's per-response event (hrtime,
 * sub-millisecond) instead of its histogram, which records whole milliseconds: at ~20 ms medians
 * a 1 ms step would be 5 %, too coarse for a 10 % target. Only 2xx responses count.
 */
export function runLoad(
  baseUrl: string,
  target: Target,
  load: LoadOptions,
): Promise<{ slice: Slice; latencies: number[] }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const started = process.hrtime.bigint();
    const instance = autocannon(
      {
        url: `${baseUrl}${target.path}`,
        method: target.method,
        headers: target.headers,
        body: target.body,
        connections: connectionsFor(target, load.connections),
        duration: load.durationSeconds,
        timeout: 30,
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        const sorted = Float64Array.from(latencies).sort();
        const statusCodes: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count;
        resolve({
          slice: {
            seconds,
            requests: latencies.length,
            p50Ms: percentile(sorted, 50),
            p99Ms: percentile(sorted, 99),
            errors: result.errors,
            timeouts: result.timeouts,
            non2xx: result.non2xx,
            statusCodes,
            serverCpuMs: null,
            databaseCpuMs: null,
          },
          latencies,
        });
      },
    );
    instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

export function isValid(slice: Slice): boolean {
  return slice.requests > 0 && slice.errors === 0 && slice.timeouts === 0 && slice.non2xx === 0;
}

const perRequest = (ms: number | null, requests: number) => (ms === null || requests === 0 ? null : ms / requests);

export function describeSlice(s: Slice): string {
  const problems = s.errors + s.timeouts + s.non2xx;
  const serverCpu = perRequest(s.serverCpuMs, s.requests);
  const dbCpu = perRequest(s.databaseCpuMs, s.requests);
  return (
    `${(s.requests / s.seconds).toFixed(0).padStart(6)} req/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms` +
    (serverCpu !== null ? `  server CPU ${serverCpu.toFixed(3)} ms/req` : "") +
    (dbCpu !== null ? `  db CPU ${dbCpu.toFixed(3)} ms/req` : "") +
    (problems > 0 ? `  errors ${s.errors} timeouts ${s.timeouts} non-2xx ${s.non2xx}` : "") +
    (s.requests === 0 ? "  (no 2xx response)" : "")
  );
}
