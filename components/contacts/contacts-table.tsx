"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { Pencil, Trash2, UserX, UserCheck } from "lucide-react";
import type { ContactView } from "@/schemas/contacts";
import { Badge } from "../ui/badge";
import { CompactChips } from "../ui/chips";
import { ActionsCell, ActionsHeader, RowActions, type RowAction } from "../ui/row-actions";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CreatedCell } from "../dashboard/list-cells";
import { formatDateTime, formatRelative } from "../messages/message-format";

export interface ContactRowActions {
  edit: (c: ContactView) => void;
  remove: (c: ContactView) => void;
  optOut: (c: ContactView) => void;
  optIn: (c: ContactView) => void;
}

const fullName = (c: ContactView) => [c.firstName, c.lastName].filter(Boolean).join(" ");
const hrefOf = (c: ContactView) => `/dashboard/contacts/${c.id}`;

function rowActionsOf(c: ContactView, actions: ContactRowActions | undefined): RowAction[] {
  return actions
    ? [
        { label: "Edit", icon: Pencil, onSelect: () => actions.edit(c) },
        c.optedOut
          ? { label: "Opt back in", icon: UserCheck, onSelect: () => actions.optIn(c) }
          : { label: "Opt out", icon: UserX, onSelect: () => actions.optOut(c) },
        { label: "Delete", icon: Trash2, tone: "danger", separated: true, onSelect: () => actions.remove(c) },
      ]
    : [];
}

function OptedOutBadge() {
  return (
    <Badge tone="red" className="shrink-0 text-[11px]">
      Opted out
    </Badge>
  );
}

/** Below the `sm` breakpoint: one card per contact, nothing cut off at 390 px. */
function ContactCards({
  contacts,
  now,
  actions,
}: {
  contacts: ContactView[];
  now: number;
  actions?: ContactRowActions;
}) {
  return (
    <ul aria-label="Contacts" className="space-y-2 sm:hidden" data-testid="contact-cards">
      {contacts.map((c) => (
        <li
          key={c.id}
          data-contact-id={c.id}
          className="flex items-start gap-2 rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
        >
          <Link href={hrefOf(c)} className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-[13px] font-medium text-slate-900">{c.phone}</span>
              {c.optedOut ? <OptedOutBadge /> : null}
            </div>
            {fullName(c) ? <p className="mt-0.5 text-sm break-words text-slate-800">{fullName(c)}</p> : null}
            {c.email ? <p className="text-xs break-all text-slate-500">{c.email}</p> : null}
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
              {c.tags.length > 0 ? <CompactChips values={c.tags} noun="tags" /> : null}
              <time dateTime={c.createdAt} title={formatDateTime(c.createdAt)}>
                {formatRelative(c.createdAt, now)}
              </time>
            </div>
          </Link>
          {actions ? <RowActions label={`Actions for ${c.phone}`} actions={rowActionsOf(c, actions)} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function ContactsTable({
  contacts,
  now,
  actions,
}: {
  contacts: ContactView[];
  now: number;
  /** Absent for roles that only read. */
  actions?: ContactRowActions;
}) {
  const router = useRouter();
  // The whole row opens the contact, as Messages rows open theirs (issue 39); the phone stays a
  // link for the keyboard and for opening in a new tab, and the actions menu does not navigate.
  const openRow = (e: MouseEvent, c: ContactView) => {
    if ((e.target as HTMLElement).closest("a, button, [role=menu]")) return;
    if (e.metaKey || e.ctrlKey) window.open(hrefOf(c), "_blank", "noopener");
    else router.push(hrefOf(c));
  };
  return (
    <>
      <ContactCards contacts={contacts} now={now} actions={actions} />
      <Table label="Contacts" className="hidden sm:block">
        <THead>
          <tr>
            <TH>Phone</TH>
            <TH>Name</TH>
            <TH>Email</TH>
            <TH>Tags</TH>
            <TH>Created</TH>
            {actions ? <ActionsHeader /> : null}
          </tr>
        </THead>
        <TBody>
          {contacts.map((c) => {
            const rowActions = rowActionsOf(c, actions);
            return (
              <TR key={c.id} data-contact-id={c.id} className="cursor-pointer" onClick={(e) => openRow(e, c)}>
                <TD>
                  <div className="flex items-center gap-2">
                    <Link
                      href={hrefOf(c)}
                      className="font-mono text-[13px] font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                    >
                      {c.phone}
                    </Link>
                    {c.optedOut ? <OptedOutBadge /> : null}
                  </div>
                </TD>
                <TD>{fullName(c) || <span className="text-slate-400">—</span>}</TD>
                <TD className="text-slate-600">{c.email ?? <span className="text-slate-400">—</span>}</TD>
                <TD>{c.tags.length > 0 ? <CompactChips values={c.tags} noun="tags" /> : null}</TD>
                <CreatedCell at={c.createdAt} now={now} />
                {actions ? (
                  <ActionsCell>
                    <RowActions label={`Actions for ${c.phone}`} actions={rowActions} />
                  </ActionsCell>
                ) : null}
              </TR>
            );
          })}
        </TBody>
      </Table>
    </>
  );
}
