"use client";

import { Fragment, useState } from "react";
import { ChevronDown, ChevronRight } from "lucide-react";
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS, type AuditAction, type AuditEntryView } from "@/schemas/audit-log";
import { Badge, type BadgeTone } from "../ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CreatedCell } from "../dashboard/list-cells";
import { shortId } from "../messages/message-format";
import { AuditChangesView } from "./audit-changes";
import { useCan } from "../dashboard/dashboard-context";

function tone(action: AuditAction): BadgeTone {
  if (action === "session.refreshTokenReused") return "red";
  if (action.endsWith(".deleted") || action.endsWith(".removed") || action.endsWith(".disabled")) return "amber";
  if (action.endsWith(".created") || action.endsWith(".added") || action.endsWith(".enabled")) return "green";
  if (action.startsWith("session.")) return "blue";
  return "indigo";
}

function actorName(actor: AuditEntryView["actor"]): string {
  if (actor.type === "system") return "System";
  return actor.label ?? (actor.id ? shortId(actor.id) : "Unknown");
}

/**
 * The audit log's rows, newest first. Each row expands in place to show what changed; `now` is
 * when the page was fetched, so "2 minutes ago" agrees with itself across rows.
 */
export function AuditTable({ entries, now }: { entries: AuditEntryView[]; now: number }) {
  // Support gets no IP addresses or user agents (the server leaves them out): no empty column.
  const showFrom = useCan("auditLog.readClientDetails");
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table label="Audit log">
      <THead>
        <tr>
          <TH className="w-8">
            <span className="sr-only">Changes</span>
          </TH>
          <TH>Action</TH>
          <TH>Actor</TH>
          <TH>Resource</TH>
          {showFrom ? <TH>From</TH> : null}
          <TH>When</TH>
        </tr>
      </THead>
      <TBody>
        {entries.map((e) => {
          const expanded = open.has(e.id);
          return (
            <Fragment key={e.id}>
              <TR data-audit-id={e.id} className="cursor-pointer" onClick={() => toggle(e.id)}>
                <TD className="pr-0">
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={`audit-changes-${e.id}`}
                    aria-label={`${expanded ? "Hide" : "Show"} changes`}
                    onClick={(event) => {
                      event.stopPropagation();
                      toggle(e.id);
                    }}
                    className="rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                  >
                    {expanded ? <ChevronDown className="size-4" /> : <ChevronRight className="size-4" />}
                  </button>
                </TD>
                <TD>
                  <Badge tone={tone(e.action)}>{AUDIT_ACTION_LABELS[e.action]}</Badge>
                </TD>
                {/* An email is shown whole: wrapped where it must (at any character), never cut off. */}
                <TD className="max-w-72 min-w-44">
                  <div
                    className="font-medium [overflow-wrap:anywhere] whitespace-normal text-slate-900"
                    data-testid="audit-actor"
                    title={[e.actor.label, e.actor.id].filter(Boolean).join(" · ") || undefined}
                  >
                    {actorName(e.actor)}
                  </div>
                  {e.actor.type === "apiKey" ? <div className="text-xs text-slate-500">API key</div> : null}
                </TD>
                <TD>
                  <div className="text-slate-900">{AUDIT_RESOURCE_LABELS[e.resourceType]}</div>
                  {e.resourceId ? (
                    <code className="font-mono text-xs text-slate-500" title={e.resourceId}>
                      {shortId(e.resourceId)}
                    </code>
                  ) : null}
                </TD>
                {showFrom ? (
                  <TD className="max-w-64">
                    <div className="font-mono text-xs text-slate-700">{e.ip ?? "unknown address"}</div>
                    <div className="truncate text-xs text-slate-500" title={e.userAgent ?? undefined}>
                      {e.userAgent ?? "no user agent"}
                    </div>
                  </TD>
                ) : null}
                <CreatedCell at={e.createdAt} now={now} />
              </TR>
              {expanded ? (
                <tr id={`audit-changes-${e.id}`} className="bg-slate-50/70">
                  <td colSpan={showFrom ? 6 : 5} className="px-12 py-3">
                    <AuditChangesView resourceType={e.resourceType} changes={e.changes} />
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </TBody>
    </Table>
  );
}
