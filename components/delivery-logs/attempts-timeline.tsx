import { Check, Clock, LoaderCircle, X } from "lucide-react";
import type { DeliveryDetail } from "@/schemas/webhooks";
import { cn } from "../ui/cn";
import { formatDateTime, formatTime } from "../messages/message-format";
import { answerLabel, formatIn } from "./delivery-status";

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
        <li className="relative flex gap-3" data-attempt="next">
          <span
            aria-hidden
            className="relative flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400 ring-4 ring-white"
          >
            {delivery.status === "PENDING" && live ? (
              <LoaderCircle className="size-3.5 animate-spin" />
            ) : (
              <Clock className="size-3.5" />
            )}
          </span>
          <div className="min-w-0 flex-1 pt-0.5">
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
          </div>
        </li>
      ) : null}
    </ol>
  );
}

function AttemptItem({ attempt: a, last }: { attempt: Attempt; last: boolean }) {
  const ok = a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 && !a.error;
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0" data-attempt={a.attempt}>
      {!last ? <span aria-hidden className="absolute top-6 bottom-0 left-[11px] w-px bg-slate-200" /> : null}
      <span
        aria-hidden
        className={cn(
          "relative flex size-6 shrink-0 items-center justify-center rounded-full ring-4 ring-white",
          ok ? "bg-emerald-100 text-emerald-700" : "bg-red-100 text-red-600",
        )}
      >
        {ok ? <Check className="size-3.5" /> : <X className="size-3.5" />}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm font-medium text-slate-900">Attempt {a.attempt}</span>
          <time dateTime={a.at} title={formatDateTime(a.at)} className="text-xs text-slate-500 tabular-nums">
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
      </div>
    </li>
  );
}
