import os from "node:os";

/**
 * Undo steps of a script (servers, temporary directories, connections), run once in reverse order
 * on success, failure or SIGINT/SIGTERM; a failing step is logged and the others still run.
 */
export class Cleanups {
  private readonly steps: (() => Promise<void> | void)[] = [];
  private done = false;

  constructor(private readonly log: (message: string) => void) {}

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  async run(): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await step();
      } catch (err) {
        this.log(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }

  /** On SIGINT/SIGTERM: run the steps, then exit with the signal's conventional code. */
  onSignals(): void {
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.on(signal, () => {
        this.log(`${signal}: stopping`);
        void this.run().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
      });
    }
  }
}
