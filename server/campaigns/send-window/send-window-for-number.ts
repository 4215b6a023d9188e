import { isSendWindowOpen, nextSendWindowOpening, type SendWindow } from "./send-window";
import { timeZonesOf } from "./time-zones";

export interface SendWindowDecision {
  /** The window is open in every zone the number may be in: send now. */
  open: boolean;
  /** When to try again: `now` when open, null when the zones never share an open minute. */
  opensAt: Date | null;
  zones: readonly string[];
}

/** The sender's question for one recipient: may it be texted at `now`, and if not, when? */
export function sendWindowForNumber(e164: string, window: SendWindow | null, now: Date): SendWindowDecision {
  const zones = timeZonesOf(e164);
  if (isSendWindowOpen(window, zones, now)) return { open: true, opensAt: now, zones };
  return { open: false, opensAt: nextSendWindowOpening(window, zones, now), zones };
}
