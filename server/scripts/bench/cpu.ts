import { readdirSync, readFileSync } from "node:fs";

// CPU time per request, from Linux's /proc: far less sensitive than wall-clock latency to other
// processes sharing the machine, so it tells "this route costs more" apart from "the machine was
// busy". Clock ticks are 10 ms; over a measurement of thousands of requests that is plenty.
const TICK_MS = 10;

/** utime + stime of a process in ms, or undefined when it is gone (or not on Linux). */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of proc(5); the slice starts at field 3.
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}

/** PostgreSQL backends serving one database: their titles read "postgres: <user> <database> <client> …". */
function backendPids(database: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (title.startsWith("postgres: ") && title.split(/[\s\0]+/)[2] === database) pids.push(Number(entry));
    } catch {
      // exited while we looked
    }
  }
  return pids;
}

export interface CpuMeter {
  /** Starts a measurement; the returned function gives the CPU ms used since, per process group. */
  start(): () => { serverMs: number | null; databaseMs: number | null };
}

/**
 * The server process, plus (on PostgreSQL) the backends of the bench database. A backend that
 * exits during a measurement takes its CPU time with it; the pool keeps its connections open
 * under load, so that loss is small (the figure is a lower bound).
 */
export function cpuMeter(serverPid: number, database: string | undefined): CpuMeter {
  const snapshot = () => {
    const db = new Map<number, number>();
    if (database) for (const pid of backendPids(database)) db.set(pid, processCpuMs(pid) ?? 0);
    return { server: processCpuMs(serverPid), db };
  };
  return {
    start() {
      const before = snapshot();
      return () => {
        const after = snapshot();
        let databaseMs = 0;
        for (const [pid, ms] of after.db) databaseMs += ms - (before.db.get(pid) ?? 0);
        return {
          serverMs: before.server === undefined || after.server === undefined ? null : after.server - before.server,
          databaseMs: database ? databaseMs : null,
        };
      };
    },
  };
}
