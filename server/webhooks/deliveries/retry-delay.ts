import { RETRY_DELAYS_MS } from "@/schemas/webhooks";
import { getEnv } from "../../env";

/**
 * The wait after failed attempt `attempt` (1-based) before the next one, or undefined when the
 * schedule has no further attempt. WEBHOOK_RETRY_DELAY_SCALE (1 in production) shrinks it so tests
 * and the chaos run see retries within seconds; the decision and the retry job both read it here.
 */
export function retryDelayMs(attempt: number): number | undefined {
  const delay = RETRY_DELAYS_MS[attempt - 1];
  if (delay === undefined) return undefined;
  return Math.max(1, Math.round(delay * getEnv().WEBHOOK_RETRY_DELAY_SCALE));
}
