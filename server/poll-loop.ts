import { logger } from "./logger";

/**
 * A background loop of rounds: one round at a time, the next after `intervalMs`, or soon when the
 * round says there is more work or someone called `nudge()` (work committed in this process).
 * A nudge waits NUDGE_DELAY_MS, so a burst of commits (many concurrent sends) is one round that
 * takes them all, not one round each. Errors are logged, never thrown: the next round tries again.
 */
export const NUDGE_DELAY_MS = 10;

export class PollLoop {
  private timer?: NodeJS.Timeout;
  private dueAt = Infinity;
  private running = false;
  private current?: Promise<void>;
  private again = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    /** Resolves true when it stopped with work left (a full batch). */
    private readonly round: () => Promise<boolean>,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stop scheduling and wait for the round in progress. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current;
  }

  /** Work is waiting: run a round soon (after `delayMs`; 0 when the caller knows it is worth one). */
  nudge(delayMs = NUDGE_DELAY_MS): void {
    if (!this.running) return;
    if (this.current) this.again = true;
    else this.schedule(delayMs);
  }

  /** Run the next round in `delayMs`, unless one is already due sooner. */
  private schedule(delayMs: number): void {
    const dueAt = Date.now() + delayMs;
    if (this.timer && this.dueAt <= dueAt) return;
    clearTimeout(this.timer);
    this.dueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.dueAt = Infinity;
      void this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    if (!this.running || this.current) return;
    this.again = false;
    this.current = this.round().then(
      (more) => {
        if (more) this.again = true;
      },
      (err: unknown) => logger.error(`${this.name} round failed`, { error: (err as Error).message }),
    );
    await this.current;
    this.current = undefined;
    if (this.running) this.schedule(this.again ? NUDGE_DELAY_MS : this.intervalMs);
  }
}
