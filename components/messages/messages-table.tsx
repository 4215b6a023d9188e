"use client";

import type { MessageListItem } from "@/schemas/message-views";
import { Table, TBody, TD, TH, THead } from "../ui/table";
import { CreatedCell, OpenableRow, OpenRowButton, ShortIdCell } from "../dashboard/list-cells";
import { EnvironmentTag, MessageStatusBadge, ORIGIN_LABELS, segmentsLabel } from "./message-badges";

/**
 * `now` is when the page was fetched, so "2 minutes ago" agrees with itself across rows. A row
 * opens its detail drawer; the recipient is the row's button for keyboard users.
 */
export function MessagesTable({
  messages,
  now,
  selectedId,
  onOpen,
}: {
  messages: MessageListItem[];
  now: number;
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <Table label="Messages">
      <THead>
        <tr>
          <TH>Phone</TH>
          <TH>Status</TH>
          <TH>Environment</TH>
          <TH>Segments</TH>
          <TH className="text-right">Price</TH>
          <TH>Created</TH>
          <TH>ID</TH>
        </tr>
      </THead>
      <TBody>
        {messages.map((m) => (
          <OpenableRow key={m.id} data-message-id={m.id} selected={m.id === selectedId} onOpen={() => onOpen(m.id)}>
            <TD>
              {m.direction === "inbound" ? (
                // The phone is the other party: the sender of an inbound message.
                <>
                  <OpenRowButton onOpen={() => onOpen(m.id)}>{m.from}</OpenRowButton>
                  <div className="mt-0.5 text-xs text-slate-500" data-testid="inbound-line">
                    {ORIGIN_LABELS[m.origin]} · to {m.to}
                  </div>
                </>
              ) : (
                <>
                  <OpenRowButton onOpen={() => onOpen(m.id)}>{m.to}</OpenRowButton>
                  <div className="mt-0.5 text-xs text-slate-500">
                    {ORIGIN_LABELS[m.origin]} · from {m.from}
                  </div>
                </>
              )}
            </TD>
            <TD>
              <div className="flex flex-col items-start gap-1">
                <MessageStatusBadge status={m.status} />
                {m.errorCode ? <code className="font-mono text-xs text-red-600">{m.errorCode}</code> : null}
              </div>
            </TD>
            <TD>
              <EnvironmentTag environment={m.environment} />
            </TD>
            <TD className="text-slate-500 tabular-nums">{segmentsLabel(m.segments, m.encoding)}</TD>
            <TD className="text-right font-mono text-xs text-slate-600 tabular-nums">${m.price}</TD>
            <CreatedCell at={m.createdAt} now={now} />
            <ShortIdCell id={m.id} />
          </OpenableRow>
        ))}
      </TBody>
    </Table>
  );
}
