/** The longest pause between two rounds, whatever a slow round took. */
export const MAX_PAUSE_MS = 1_000;

export interface PaceInput {
  /** How long the full round just finished took. */
  roundMs: number;
  /** Whether this process served API requests during that round. */
  apiBusy: boolean;
  /** The pause between two full rounds in any case (MESSAGE_PIPELINE_YIELD_MS). */
  yieldMs: number;
  /** The share of time the pipeline may take while the API is busy (MESSAGE_PIPELINE_BUSY_SHARE). */
  busyShare: number;
}

/**
 * The pause before the next full round while a backlog lasts. The API comes first: a request is a
 * caller waiting, where a QUEUED message is already durable and only waits for its hand-off
 * (carriers pace hand-offs anyway). So while requests are being served, the pipeline takes at most
 * `busyShare` of the time by pausing in proportion to its own round, as autovacuum's cost delay
 * does for the same reason; when the API is idle, only the short `yieldMs`, and a backlog drains
 * at full speed.
 */
export function pauseAfterRound({ roundMs, apiBusy, yieldMs, busyShare }: PaceInput): number {
  if (!apiBusy || busyShare >= 1) return yieldMs;
  const share = Math.max(busyShare, 0.01);
  return Math.min(MAX_PAUSE_MS, Math.max(yieldMs, Math.round((roundMs * (1 - share)) / share)));
}
