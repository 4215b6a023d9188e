"use client";

import type { DeliveryListItem } from "@/schemas/webhook-views";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { cn } from "../ui/cn";
import { formatDateTime, formatRelative, shortId } from "../messages/message-format";
import { answerLabel, DeliveryStatusBadge, formatIn } from "./delivery-status";

/**
 * `now` is when the page was fetched, so "2 minutes ago" agrees with itself across rows. A row
 * opens its detail drawer; the event name is the row's button for keyboard users. `showWebhook`
 * is false on a page about one webhook.
 */
export function DeliveriesTable({
  deliveries,
  now,
  selectedId,
  onOpen,
  showWebhook,
}: {
  deliveries: DeliveryListItem[];
  now: number;
  selectedId: string | null;
  onOpen: (id: string) => void;
  showWebhook: boolean;
}) {
  return (
    <Table label="Deliveries">
      <THead>
        <tr>
          <TH>Event</TH>
          {showWebhook ? <TH>Webhook</TH> : null}
          <TH>Status</TH>
          <TH>Last attempt</TH>
          <TH>Created</TH>
          <TH>ID</TH>
        </tr>
      </THead>
      <TBody>
        {deliveries.map((d) => {
          const last = d.attempts.at(-1);
          return (
            <TR
              key={d.id}
              data-delivery-id={d.id}
              aria-selected={d.id === selectedId || undefined}
              onClick={() => onOpen(d.id)}
              className="cursor-pointer aria-selected:bg-indigo-50/60"
            >
              <TD>
                <button
                  type="button"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(d.id);
                  }}
                  className="rounded font-mono text-[13px] font-medium text-slate-900 hover:text-indigo-700"
                >
                  {d.event}
                </button>
                <div className="mt-0.5 font-mono text-xs text-slate-500" title={d.eventId}>
                  {shortId(d.eventId)}
                </div>
              </TD>
              {showWebhook ? (
                <TD className="max-w-56">
                  <div className="truncate font-medium text-slate-900" title={d.webhookName}>
                    {d.webhookName}
                  </div>
                </TD>
              ) : null}
              <TD>
                <div className="flex flex-col items-start gap-1">
                  <DeliveryStatusBadge status={d.status} />
                  {d.status === "RETRYING" && d.nextAttemptAt ? (
                    <span className="text-xs text-amber-700" title={formatDateTime(d.nextAttemptAt)}>
                      Next retry {formatIn(d.nextAttemptAt, now)}
                    </span>
                  ) : null}
                </div>
              </TD>
              <TD className="max-w-64">
                {last ? (
                  <>
                    <div className="flex items-baseline gap-2">
                      <code
                        className={cn(
                          "font-mono text-[13px] font-medium",
                          last.statusCode !== null && last.statusCode < 300 ? "text-emerald-700" : "text-red-600",
                        )}
                      >
                        {answerLabel(last.statusCode)}
                      </code>
                      <span className="text-xs text-slate-500 tabular-nums">{last.responseTimeMs} ms</span>
                    </div>
                    <div className="truncate text-xs text-slate-500" title={last.error ?? undefined}>
                      {d.attempts.length} {d.attempts.length === 1 ? "attempt" : "attempts"}
                      {last.error ? ` · ${last.error}` : ""}
                    </div>
                  </>
                ) : (
                  <span className="text-slate-400">Not attempted yet</span>
                )}
              </TD>
              <TD className="text-slate-500">
                <time dateTime={d.createdAt} title={formatDateTime(d.createdAt)}>
                  {formatRelative(d.createdAt, now)}
                </time>
              </TD>
              <TD>
                <code className="font-mono text-xs text-slate-500" title={d.id}>
                  {shortId(d.id)}
                </code>
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
