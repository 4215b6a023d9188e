import type { DeliveryDetail } from "@/schemas/webhooks";
import { cn } from "../ui/cn";
import { TimelinePending, TimelineStep } from "../ui/timeline";
import { formatDateTime, formatTime } from "../messages/message-format";
import { answerLabel, formatIn } from "./delivery-status";
import { formatUtc } from "../format/time";

type Attempt = DeliveryDetail["attempts"][number];

/**
 * Every attempt, oldest first: when, what the endpoint answered and how fast, the error, and the
 * start of the response body. Then the attempt still to come: being made now (PENDING, followed
 * live) or scheduled (RETRYING).
 */
export function AttemptsTimeline({ delivery, live, now }: { delivery: DeliveryDetail; live: boolean; now: number }) {
  const next = delivery.attempts.length + 1;
  const waiting = delivery.status === "PENDING" || delivery.status === "RETRYING";
  return (
    <ol aria-label="Attempts" className="relative">
      {delivery.attempts.map((a, i) => (
        <AttemptItem key={a.attempt} attempt={a} last={i === delivery.attempts.length - 1 && !waiting} />
      ))}
      {waiting ? (
        <TimelinePending live={delivery.status === "PENDING" && live} data-attempt="next">
          <span className="text-sm font-medium text-slate-500">Attempt {next}</span>
          <p className="text-xs text-slate-500">
            {delivery.status === "PENDING"
              ? live
                ? "Sending now…"
                : "Queued. It is sent as soon as the webhook is active."
              : delivery.nextAttemptAt
                ? `Scheduled ${formatIn(delivery.nextAttemptAt, now)}, at ${formatDateTime(delivery.nextAttemptAt)}.`
                : "Scheduled."}
          </p>
        </TimelinePending>
      ) : null}
    </ol>
  );
}

function AttemptItem({ attempt: a, last }: { attempt: Attempt; last: boolean }) {
  const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 && !a.error;
  return (
    <TimelineStep failed={!ok} last={last} spacing="loose" data-attempt={a.attempt}>
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-medium text-slate-900">Attempt {a.attempt}</span>
        <time
          dateTime={a.at}
          title={`${formatDateTime(a.at)} · ${formatUtc(a.at)}`}
          className="text-xs text-slate-500 tabular-nums"
        >
          {formatTime(a.at)}
        </time>
      </div>
      <dl className="mt-0.5 flex flex-wrap gap-x-4 text-xs">
        <div className="flex gap-1">
          <dt className="text-slate-500">Status</dt>
          <dd
            data-testid="attempt-status"
            className={cn("font-mono font-medium", ok ? "text-emerald-700" : "text-red-600")}
          >
            {answerLabel(a.statusCode)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-500">Time</dt>
          <dd className="text-slate-700 tabular-nums">{a.responseTimeMs} ms</dd>
        </div>
      </dl>
      {a.error ? <p className="mt-1 text-xs break-words text-red-700">{a.error}</p> : null}
      {a.responseBody ? (
        <div className="mt-1.5">
          <span className="text-xs text-slate-500">Response body</span>
          <pre
            data-testid="response-body"
            className="mt-0.5 max-h-32 overflow-auto rounded-md bg-slate-50 px-2.5 py-1.5 font-mono text-[12px] break-all whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200 ring-inset"
          >
            {a.responseBody}
          </pre>
        </div>
      ) : null}
    </TimelineStep>
  );
}
