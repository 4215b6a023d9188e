import { freePort, startServer, type RunningServer } from "../bench/server-process";

// The chaos run's two server processes (slots A and B, each on a fixed port for the whole run, so
// the load generator's two targets never change) and the kills: one process at a time, alternating
// A and B, is killed with SIGKILL and started again on its port. A kill window lasts from the
// SIGKILL until the new process answers GET /api/health 200.

export type SlotName = "A" | "B";

export interface Slot {
  name: SlotName;
  port: number;
  baseUrl: string;
  server?: RunningServer;
  /** How many processes this slot has run (1 + restarts). */
  incarnations: number;
}

export interface KillWindow {
  slot: SlotName;
  pid: number;
  killedAt: number;
  /** Date.now() when the restarted process answered health; undefined while it is down. */
  healthyAt?: number;
}

const STARTUP_TIMEOUT_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a process printed beyond routine lines: kept for the report, over every incarnation. */
const ROUTINE =
  /^(SignalGate ready on |\[db\] applied migrations: |\[jobs\] background work: |\[messages\] pipeline: on|\[webhooks\] worker: |\[serve\] SIG|[✓▲] |\s*$)/;

export class Supervisor {
  readonly slots: Slot[] = [];
  readonly windows: KillWindow[] = [];
  /** Unusual lines the processes printed, with their slot and pid. */
  readonly printed: string[] = [];
  private stopped = false;

  constructor(private readonly env: NodeJS.ProcessEnv) {}

  async start(): Promise<void> {
    for (const name of ["A", "B"] as const) {
      const port = await freePort();
      this.slots.push({ name, port, baseUrl: `http://127.0.0.1:${port}`, incarnations: 0 });
    }
    // One after the other: both would apply the migrations of an empty database at once.
    for (const slot of this.slots) await this.launch(slot);
  }

  private async launch(slot: Slot): Promise<void> {
    slot.server = await startServer(this.env, STARTUP_TIMEOUT_MS, [], { port: slot.port, distDir: null });
    slot.incarnations++;
  }

  private keepOutput(slot: Slot): void {
    const server = slot.server;
    if (!server) return;
    for (const line of server.outputTail().split("\n")) {
      if (!ROUTINE.test(line)) this.printed.push(`${slot.name} (pid ${server.pid}): ${line}`);
    }
  }

  /** SIGKILL the slot's process, wait for it to be gone, start a new one and wait for health. */
  async killAndRestart(slot: Slot): Promise<KillWindow> {
    const server = slot.server!;
    const window: KillWindow = { slot: slot.name, pid: server.pid, killedAt: Date.now() };
    this.windows.push(window);
    process.kill(server.pid, "SIGKILL");
    await server.exited;
    this.keepOutput(slot);
    slot.server = undefined;
    await this.launch(slot);
    window.healthyAt = Date.now();
    return window;
  }

  /**
   * Kills every `everyMs`, the first half a period after `startedAt`, alternating the slots, until
   * `untilMs` (no kill is started after it). A restart that takes longer than a period delays the
   * next kill: never are both processes down.
   */
  async killLoop(startedAt: number, everyMs: number, untilMs: number, log: (m: string) => void): Promise<void> {
    for (let n = 0; !this.stopped; n++) {
      const due = startedAt + everyMs / 2 + n * everyMs;
      if (due >= untilMs) return;
      await sleep(Math.max(0, due - Date.now()));
      if (this.stopped) return;
      const slot = this.slots[n % 2]!;
      const w = await this.killAndRestart(slot);
      log(
        `t=${((w.killedAt - startedAt) / 1000).toFixed(1)} s: SIGKILL ${slot.name} (pid ${w.pid}); ` +
          `pid ${slot.server!.pid} healthy ${((w.healthyAt! - w.killedAt) / 1000).toFixed(1)} s later`,
      );
    }
  }

  /** Is `at` (or the span from..to) inside a kill window? A window still open reaches to now. */
  inKillWindow(from: number, to: number = from): boolean {
    return this.windows.some((w) => from <= (w.healthyAt ?? Date.now()) && to >= w.killedAt);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const slot of this.slots) {
      this.keepOutput(slot);
      await slot.server?.stop();
    }
  }
}
