"use client";

import type { EventEnvelope } from "@/schemas/events";
import { Table, TBody, TD, TH, THead } from "../ui/table";
import { OpenableRow, OpenRowButton, ShortIdCell } from "../dashboard/list-cells";

import { eventPhone, eventSubject } from "./event-subject";
import { Time } from "../ui/time";

export function EventsTable({
  events,
  selectedId,
  onOpen,
}: {
  events: EventEnvelope[];
  selectedId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <Table label="Events">
      <THead>
        <tr>
          <TH>Event</TH>
          <TH>Subject</TH>
          <TH>Time</TH>
          <TH>ID</TH>
        </tr>
      </THead>
      <TBody>
        {events.map((e) => (
          <OpenableRow key={e.id} data-event-id={e.id} selected={e.id === selectedId} onOpen={() => onOpen(e.id)}>
            <TD>
              <OpenRowButton onOpen={() => onOpen(e.id)}>{e.event}</OpenRowButton>
            </TD>
            <TD>
              <div className="font-mono text-[13px] text-slate-700">{eventSubject(e.payload)}</div>
              <div className="text-xs text-slate-500">{eventPhone(e.payload)}</div>
            </TD>
            <TD className="text-sm whitespace-nowrap text-slate-600 tabular-nums">
              <Time at={e.timestamp} />
            </TD>
            <ShortIdCell id={e.id} />
          </OpenableRow>
        ))}
      </TBody>
    </Table>
  );
}
