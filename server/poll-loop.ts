import { logger } from "./logger";

/**
 * A background loop of rounds: one round at a time, the next after `intervalMs`, or at once when
 * the round says there is more work or someone called `nudge()` meanwhile (work committed in this
 * process). Errors are logged, never thrown: the next round tries again.
 */
export class PollLoop {
  private timer?: NodeJS.Timeout;
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
    await this.current;
  }

  nudge(): void {
    if (!this.running) return;
    if (this.current) this.again = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
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
    if (this.running) this.schedule(this.again ? 0 : this.intervalMs);
  }
}
