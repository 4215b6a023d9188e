import { AppError } from "../errors";
import { sendAtWindowError } from "@/schemas/send-at";
import { instantOf } from "@/schemas/dates";

/**
 * A request's `sendAt` (contract §11) as the instant it is due, to the millisecond the column
 * keeps; null for an immediate send. Outside 60 seconds to 35 days from `now`: 400 `invalid_send_at`
 * naming the window's edges, before anything is written.
 */
export function parseSendAt(sendAt: string | undefined, now: Date): Date | null {
  if (sendAt === undefined) return null;
  const at = instantOf(sendAt);
  const problem = sendAtWindowError(at, now);
  if (problem) throw new AppError("invalid_send_at", problem, { details: [{ path: "sendAt", message: problem }] });
  return at;
}
