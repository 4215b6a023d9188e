"use client";

import type { MessageListItem } from "@/schemas/message-views";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { EnvironmentTag, MessageStatusBadge, ORIGIN_LABELS, segmentsLabel } from "./message-badges";
import { formatDateTime, formatRelative, shortId } from "./message-format";

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
          <TH>Recipient</TH>
          <TH>Status</TH>
          <TH>Environment</TH>
          <TH>Segments</TH>
          <TH>Created</TH>
          <TH>ID</TH>
        </tr>
      </THead>
      <TBody>
        {messages.map((m) => (
          <TR
            key={m.id}
            data-message-id={m.id}
            aria-selected={m.id === selectedId || undefined}
            onClick={() => onOpen(m.id)}
            className="cursor-pointer aria-selected:bg-indigo-50/60"
          >
            <TD>
              <button
                type="button"
                onClick={(e) => {
                  e.stopPropagation();
                  onOpen(m.id);
                }}
                className="rounded font-mono text-[13px] font-medium text-slate-900 hover:text-indigo-700"
              >
                {m.to}
              </button>
              <div className="mt-0.5 text-xs text-slate-500">
                {ORIGIN_LABELS[m.origin]} · from {m.from}
              </div>
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
            <TD className="text-slate-500">
              <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                {formatRelative(m.createdAt, now)}
              </time>
            </TD>
            <TD>
              <code className="font-mono text-xs text-slate-500" title={m.id}>
                {shortId(m.id)}
              </code>
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
