import type { SenderQueueView } from "@/schemas/numbers";
import { formatRelative, formatUtc } from "../format/time";
import { TD } from "../ui/table";

/** "45 s", "12 min", "3 h 20 min": how long a queue should take to send. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** "1 segment/s", "0.5 segments/s": carriers' pace for a number (contract §15). */
export function formatMps(mps: number): string {
  return `${mps} ${mps === 1 ? "segment" : "segments"}/s`;
}

/** Contract §15: past 15 minutes of sending, a queue is worth a look (the `sender.queue_backlog` event). */
const BACKLOG_SECONDS = 15 * 60;

/** A number's paced queue: what waits, since when, and how long it should take. */
export function QueueCells({ queue, now }: { queue: SenderQueueView; now: number }) {
  const backlogged = queue.estimatedWaitSeconds > BACKLOG_SECONDS;
  return (
    <>
      <TD className="tabular-nums text-slate-700" data-testid="queue-segments">
        {queue.segments === 0 ? <span className="text-slate-400">Empty</span> : queue.segments.toLocaleString("en-US")}
      </TD>
      <TD className="whitespace-nowrap text-slate-700">
        {queue.oldestQueuedAt ? (
          <span title={formatUtc(queue.oldestQueuedAt)}>{formatRelative(queue.oldestQueuedAt, now)}</span>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </TD>
      <TD className="whitespace-nowrap" data-testid="queue-wait">
        {queue.segments === 0 ? (
          <span className="text-slate-400">—</span>
        ) : (
          <span
            className={backlogged ? "font-medium text-amber-700" : "text-slate-700"}
            title={backlogged ? "More than 15 minutes of sending: add numbers or use a sender pool." : undefined}
          >
            {formatWait(queue.estimatedWaitSeconds)}
          </span>
        )}
      </TD>
    </>
  );
}
