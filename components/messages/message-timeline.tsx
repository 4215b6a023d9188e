import { isFinalStatus, type MessageDetail, type MessageStatus } from "@/schemas/message-views";
import { cn } from "../ui/cn";
import { TimelinePending, TimelineStep } from "../ui/timeline";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { formatDateTime, formatDelta, formatTime } from "./message-format";
import { formatUtc } from "../format/time";

const WAITING_FOR: Partial<Record<MessageStatus, { next: MessageStatus; text: string }>> = {
  QUEUED: { next: "SENT", text: "Handing the message to the carrier…" },
  SENT: { next: "DELIVERED", text: "Waiting for the delivery receipt…" },
};

/**
 * Every transition with its time and the time since it was queued, then the step it waits for
 * while it is not final (a sandbox message moves on within a second or two). `live`: the page is
 * still polling, so the wait is shown as in progress rather than as "nothing yet".
 */
export function MessageTimeline({ message, live }: { message: MessageDetail; live: boolean }) {
  const queuedAt = message.timeline[0]?.at ?? message.createdAt;
  const waiting = isFinalStatus(message.status) ? undefined : WAITING_FOR[message.status];
  return (
    <ol aria-label="Status timeline" className="relative">
      {message.timeline.map((entry, i) => {
        const failed = entry.status === "FAILED" || entry.status === "UNDELIVERED";
        const last = i === message.timeline.length - 1 && !waiting;
        return (
          <TimelineStep key={entry.status} failed={failed} last={last} data-step={entry.status}>
            <div className="flex items-baseline justify-between gap-3">
              <span className={cn("text-sm font-medium", failed ? "text-red-700" : "text-slate-900")}>
                {MESSAGE_STATUS_INFO[entry.status].label}
              </span>
              <time
                dateTime={entry.at}
                title={`${formatDateTime(entry.at)} · ${formatUtc(entry.at)}`}
                className="text-xs text-slate-500 tabular-nums"
              >
                {formatTime(entry.at)}
                {i > 0 ? <span className="ml-1.5 text-slate-400">{formatDelta(entry.at, queuedAt)}</span> : null}
              </time>
            </div>
            <p className="text-xs text-slate-500">{MESSAGE_STATUS_INFO[entry.status].hint}</p>
          </TimelineStep>
        );
      })}
      {waiting ? (
        <TimelinePending live={live} data-step="waiting">
          <span className="text-sm font-medium text-slate-400">{MESSAGE_STATUS_INFO[waiting.next].label}</span>
          <p className="text-xs text-slate-500">
            {live ? waiting.text : `Not ${MESSAGE_STATUS_INFO[waiting.next].label.toLowerCase()} yet.`}
          </p>
        </TimelinePending>
      ) : null}
    </ol>
  );
}
