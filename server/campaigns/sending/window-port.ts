import type { SendWindow } from "@/schemas/campaigns";

/**
 * When a recipient may be texted under a send window (contract §11): null when the window is open
 * now in every time zone the number may be in, else the next instant it is. The send-window module
 * (server/campaigns/send-window/) answers it from the number's zones; tests inject their own clock
 * through `now`.
 */
export type WindowCheck = (phone: string, window: SendWindow, now: Date) => Promise<Date | null>;

let check: WindowCheck = async () => null;

export function windowCheck(): WindowCheck {
  return check;
}

/** Installs the send-window module's check (done once where the module is wired in). */
export function setWindowCheck(fn: WindowCheck): void {
  check = fn;
}
