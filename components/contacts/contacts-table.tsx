"use client";

import { Pencil, Trash2, UserX, UserCheck } from "lucide-react";
import type { ContactView } from "@/schemas/contacts";
import { Badge } from "../ui/badge";
import { CompactChips } from "../ui/chips";
import { ActionsHeader, RowActions, type RowAction } from "../ui/row-actions";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CreatedCell } from "../dashboard/list-cells";

export interface ContactRowActions {
  edit: (c: ContactView) => void;
  remove: (c: ContactView) => void;
  optOut: (c: ContactView) => void;
  optIn: (c: ContactView) => void;
}

const fullName = (c: ContactView) => [c.firstName, c.lastName].filter(Boolean).join(" ");

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
  return (
    <Table label="Contacts">
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
          const rowActions: RowAction[] = actions
            ? [
                { label: "Edit", icon: Pencil, onSelect: () => actions.edit(c) },
                c.optedOut
                  ? { label: "Opt back in", icon: UserCheck, onSelect: () => actions.optIn(c) }
                  : { label: "Opt out", icon: UserX, onSelect: () => actions.optOut(c) },
                { label: "Delete", icon: Trash2, tone: "danger", separated: true, onSelect: () => actions.remove(c) },
              ]
            : [];
          return (
            <TR key={c.id} data-contact-id={c.id}>
              <TD>
                <div className="flex items-center gap-2">
                  <span className="font-mono text-[13px] font-medium text-slate-900">{c.phone}</span>
                  {c.optedOut ? (
                    <Badge tone="red" className="text-[11px]">
                      Opted out
                    </Badge>
                  ) : null}
                </div>
              </TD>
              <TD>{fullName(c) || <span className="text-slate-400">—</span>}</TD>
              <TD className="text-slate-600">{c.email ?? <span className="text-slate-400">—</span>}</TD>
              <TD>{c.tags.length > 0 ? <CompactChips values={c.tags} noun="tags" /> : null}</TD>
              <CreatedCell at={c.createdAt} now={now} />
              {actions ? (
                <TD>
                  <RowActions label={`Actions for ${c.phone}`} actions={rowActions} />
                </TD>
              ) : null}
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
