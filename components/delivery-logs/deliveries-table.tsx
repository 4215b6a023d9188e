"use client";

import type { DeliveryListItem } from "@/schemas/webhook-views";
import { Table, TBody, TD, TH, THead } from "../ui/table";
import { cn } from "../ui/cn";
import { CreatedCell, OpenableRow, OpenRowButton, ShortIdCell } from "../dashboard/list-cells";
import { formatDateTime, shortId } from "../messages/message-format";
import { answerLabel, DeliveryStatusBadge, formatIn } from "./delivery-status";
import { formatUtc } from "../format/time";

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
            <OpenableRow key={d.id} data-delivery-id={d.id} selected={d.id === selectedId} onOpen={() => onOpen(d.id)}>
              <TD>
                <OpenRowButton onOpen={() => onOpen(d.id)}>{d.event}</OpenRowButton>
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
                    <span
                      className="text-xs text-amber-700"
                      title={`${formatDateTime(d.nextAttemptAt)} · ${formatUtc(d.nextAttemptAt)}`}
                    >
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
              <CreatedCell at={d.createdAt} now={now} />
              <ShortIdCell id={d.id} />
            </OpenableRow>
          );
        })}
      </TBody>
    </Table>
  );
}
