import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { RequestRecord } from "./load";

// The chaos run's database outage (issue 25, contract §12 Faults): PostgreSQL is stopped under load
// for CHAOS_OUTAGE_SECONDS, then started again. Every answer while it is away must be 503
// `service_unavailable` with Retry-After; nothing accepted before it may be lost or doubled.

const exec = promisify(execFile);

/** How with-postgres.mjs started the cluster (TEST_POSTGRES_CONTROL); absent for a server it did not start. */
interface ControlSpec {
  pgCtl: string;
  dataDir: string;
  logFile: string;
  serverOptions: string;
  cwd: string;
  runAsPostgres: boolean;
}

export interface OutageWindow {
  /** When `pg_ctl stop` was called: from here requests may meet a database that is going away. */
  stoppingAt: number;
  /** When `pg_ctl stop` returned (the server is down). */
  stoppedAt: number;
  /** When `pg_ctl start` returned (the server accepts connections again). */
  restartedAt: number;
}

export class PostgresControl {
  constructor(private readonly spec: ControlSpec) {}

  static fromEnv(): PostgresControl | null {
    const raw = process.env.TEST_POSTGRES_CONTROL;
    return raw ? new PostgresControl(JSON.parse(raw) as ControlSpec) : null;
  }

  private async pgCtl(args: string[]): Promise<void> {
    const { pgCtl, runAsPostgres, cwd } = this.spec;
    const [file, argv] = runAsPostgres ? ["runuser", ["-u", "postgres", "--", pgCtl, ...args]] : [pgCtl, args];
    await exec(file, argv, { cwd });
  }

  /** Stops the server at once (`-m fast`: open connections are cut). */
  stop(): Promise<void> {
    return this.pgCtl(["-D", this.spec.dataDir, "-m", "fast", "-w", "stop"]);
  }

  start(): Promise<void> {
    const { dataDir, logFile, serverOptions } = this.spec;
    return this.pgCtl(["-D", dataDir, "-l", logFile, "-o", serverOptions, "-w", "-t", "60", "start"]);
  }
}

/** Waits `afterMs`, stops PostgreSQL for `seconds`, starts it again; resolves with the window. */
export async function runOutage(
  control: PostgresControl,
  afterMs: number,
  seconds: number,
  log: (message: string) => void,
): Promise<OutageWindow> {
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  log(`stopping PostgreSQL for ${seconds} s`);
  const stoppingAt = Date.now();
  await control.stop();
  const stoppedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await control.start();
  const restartedAt = Date.now();
  log(`PostgreSQL is back after ${((restartedAt - stoppedAt) / 1000).toFixed(1)} s`);
  return { stoppingAt, stoppedAt, restartedAt };
}

// In-flight work may take this long to notice the stop, and pools this long to reconnect.
const GRACE_MS = 1_000;
// `pg_ctl start -w` polls for the server: it may accept connections this long before the start returns
// and `restartedAt` is taken, so answers that end in that time may come from the database.
const RESTART_MARGIN_MS = 2_000;
const RECOVERY_MS = 5_000;

export interface OutageFigures {
  seconds: number;
  /** Requests answered while the database was away. */
  during: number;
  /** Of those, answers other than 503 with a whole-second Retry-After. */
  wrongAnswers: RequestRecord[];
  /**
   * From the restart to the first answer decided by the database of a request sent after it: a 202,
   * or a 429 (the limiter's decision is a database call; the load is twice the organization's cap,
   * so after the outage its window may still be full).
   */
  recoverySeconds: number | null;
}

export function outageFigures(window: OutageWindow, records: RequestRecord[]): OutageFigures {
  const during = records.filter(
    (r) => r.start >= window.stoppedAt + GRACE_MS && r.end <= window.restartedAt - RESTART_MARGIN_MS,
  );
  const wrongAnswers = during.filter((r) => r.status !== 503 || !/^[1-9][0-9]*$/.test(r.retryAfter ?? ""));
  const firstOk = records
    .filter((r) => (r.status === 202 || r.status === 429) && r.start >= window.restartedAt)
    .reduce<number | null>((min, r) => (min === null || r.end < min ? r.end : min), null);
  return {
    seconds: (window.restartedAt - window.stoppedAt) / 1000,
    during: during.length,
    wrongAnswers,
    recoverySeconds: firstOk === null ? null : (firstOk - window.restartedAt) / 1000,
  };
}

/**
 * 503 answers of the outage and its recovery are expected; any other 5xx is not. The outage begins
 * when the stop is asked for: `pg_ctl stop -m fast` cuts connections at once but returns only once
 * the server is down, and a request cut in between rightly answers 503.
 */
export function inOutage(window: OutageWindow | undefined, r: RequestRecord): boolean {
  return (
    window !== undefined &&
    r.status === 503 &&
    r.end >= window.stoppingAt &&
    r.start <= window.restartedAt + RECOVERY_MS
  );
}
