/**
 * `throttlePerMinute` (contract §11) as a token bucket on the campaign row: tokens refill at the
 * rate, up to ten seconds' worth (a slow pass of the runner is made up for, a long stall never turns
 * into more than a short burst), and each
 * accepted message spends one. Without a throttle, a whole batch.
 */
export function takeThrottleTokens(
  c: { throttle_per_minute: number | null; throttle_tokens: number; throttle_at: Date | null },
  now: Date,
  batchSize: number,
): { take: number; tokens: number } {
  if (c.throttle_per_minute === null) return { take: batchSize, tokens: 0 };
  const perMs = c.throttle_per_minute / 60_000;
  const since = c.throttle_at ? Math.max(0, now.getTime() - new Date(c.throttle_at).getTime()) : 0;
  const cap = Math.max(1, perMs * 10_000);
  const tokens = Math.min(cap, Number(c.throttle_tokens) + since * perMs);
  return { take: Math.min(batchSize, Math.floor(tokens)), tokens };
}
