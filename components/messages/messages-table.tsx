"use client";

import type { MessageListItem } from "@/schemas/message-views";
import { Table, TBody, TD, TH, THead } from "../ui/table";
import { CreatedCell, OpenableRow, OpenRowButton, ShortIdCell } from "../dashboard/list-cells";
import { EnvironmentTag, MessageStatusBadge, ORIGIN_LABELS, segmentsLabel } from "./message-badges";
import { formatDateTime, formatRelative } from "./message-format";

/** The other party: the sender of an inbound message, else the recipient. */
const phoneOf = (m: MessageListItem) => (m.direction === "inbound" ? m.from : m.to);

/** "API · key Checkout service · from ACME", or "Inbound · to +1…". */
function originLine(m: MessageListItem): string {
  if (m.direction === "inbound") return `${ORIGIN_LABELS[m.origin]} · to ${m.to}`;
  const key = m.apiKeyName ? ` · ${m.apiKeyName}` : "";
  return `${ORIGIN_LABELS[m.origin]}${key} · from ${m.from}`;
}

function Snippet({ m, className }: { m: MessageListItem; className?: string }) {
  if (m.snippet === null) return null;
  return (
    <p className={className} data-testid="message-snippet" title={m.snippet}>
      {m.snippet}
    </p>
  );
}

/**
 * `now` is when the page was fetched, so "2 minutes ago" agrees with itself across rows. A row
 * opens its detail drawer; the phone is the row's button for keyboard users. Below the `sm`
 * breakpoint the rows are cards (a table of seven columns cannot fit a 390 px screen).
 */
export function MessagesTable({
  messages,
  now,
  selectedId,
  onOpen,
  showEnvironment,
}: {
  messages: MessageListItem[];
  now: number;
  selectedId: string | null;
  onOpen: (id: string) => void;
  /** Listing both environments: each row says which (else the header's switch does). */
  showEnvironment: boolean;
}) {
  return (
    <>
      <ul aria-label="Messages" className="space-y-2 sm:hidden" data-testid="message-cards">
        {messages.map((m) => (
          <li key={m.id} data-message-id={m.id}>
            <button
              type="button"
              onClick={() => onOpen(m.id)}
              aria-current={m.id === selectedId || undefined}
              className="w-full rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm aria-[current]:border-indigo-300 aria-[current]:bg-indigo-50/60"
            >
              <div className="flex items-start justify-between gap-2">
                <span className="min-w-0 truncate font-mono text-[13px] font-medium text-slate-900">{phoneOf(m)}</span>
                <MessageStatusBadge status={m.status} />
              </div>
              <Snippet m={m} className="mt-1 line-clamp-2 text-sm break-words text-slate-700" />
              <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
                <span className="min-w-0 break-words">{originLine(m)}</span>
                {showEnvironment ? <EnvironmentTag environment={m.environment} /> : null}
                <span className="tabular-nums">${m.price}</span>
                <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
                  {formatRelative(m.createdAt, now)}
                </time>
              </div>
              {m.errorCode ? <code className="mt-1 block font-mono text-xs text-red-600">{m.errorCode}</code> : null}
            </button>
          </li>
        ))}
      </ul>
      <Table label="Messages" className="hidden sm:block">
        <THead>
          <tr>
            <TH>Phone</TH>
            <TH>Status</TH>
            <TH>Segments</TH>
            <TH className="text-right">Price</TH>
            <TH>Created</TH>
            <TH>ID</TH>
          </tr>
        </THead>
        <TBody>
          {messages.map((m) => (
            <OpenableRow key={m.id} data-message-id={m.id} selected={m.id === selectedId} onOpen={() => onOpen(m.id)}>
              <TD className="max-w-[20rem]">
                <OpenRowButton onOpen={() => onOpen(m.id)}>{phoneOf(m)}</OpenRowButton>
                <Snippet m={m} className="mt-0.5 truncate text-[13px] text-slate-700" />
                <div
                  className="mt-0.5 truncate text-xs text-slate-500"
                  data-testid={m.direction === "inbound" ? "inbound-line" : "origin-line"}
                >
                  {originLine(m)}
                </div>
              </TD>
              <TD>
                <div className="flex flex-col items-start gap-1">
                  <MessageStatusBadge status={m.status} />
                  {m.errorCode ? <code className="font-mono text-xs text-red-600">{m.errorCode}</code> : null}
                  {/* In the status column, not one of its own: seven columns did not fit 1440 px. */}
                  {showEnvironment ? <EnvironmentTag environment={m.environment} /> : null}
                </div>
              </TD>
              <TD className="text-slate-500 tabular-nums">{segmentsLabel(m.segments, m.encoding)}</TD>
              <TD className="text-right font-mono text-xs text-slate-600 tabular-nums">${m.price}</TD>
              <CreatedCell at={m.createdAt} now={now} />
              <ShortIdCell id={m.id} />
            </OpenableRow>
          ))}
        </TBody>
      </Table>
    </>
  );
}
