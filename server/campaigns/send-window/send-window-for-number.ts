import { bestPartialOpening, isSendWindowOpen, nextSendWindowOpening, type SendWindow } from "./send-window";
import { timeZonesOf } from "./time-zones";

export interface SendWindowDecision {
  /** The window is open in every zone the number may be in (see `partial`): send now. */
  open: boolean;
  /** When to send: `now` when open. */
  opensAt: Date;
  zones: readonly string[];
  /**
   * The zones never share an open minute (an unknown area, e.g. the sandbox's +1 500 numbers):
   * the window is held in as many of them as possible instead (send-window.ts, bestPartialOpening).
   */
  partial: boolean;
}

/** The sender's question for one recipient: may it be texted at `now`, and if not, when? */
export function sendWindowForNumber(e164: string, window: SendWindow | null, now: Date): SendWindowDecision {
  const zones = timeZonesOf(e164);
  if (isSendWindowOpen(window, zones, now)) return { open: true, opensAt: now, zones, partial: false };
  const next = nextSendWindowOpening(window, zones, now);
  if (next) return { open: false, opensAt: next, zones, partial: false };
  const best = bestPartialOpening(window!, zones, now);
  return { open: best.getTime() === now.getTime(), opensAt: best, zones, partial: true };
}

/**
 * The campaigns sender's port (server/campaigns/sending/window-port.ts): null when the recipient
 * may be texted now, else the instant to try again.
 */
export async function sendWindowCheck(phone: string, window: SendWindow, now: Date): Promise<Date | null> {
  const decision = sendWindowForNumber(phone, window, now);
  return decision.open ? null : decision.opensAt;
}
