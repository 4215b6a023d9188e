"use client";

import Link from "next/link";
import { Pencil, ScrollText, Send, Trash2 } from "lucide-react";
import type { WebhookView } from "@/schemas/webhooks";
import type { WebhookHealth } from "@/schemas/webhook-views";
import { ActionsCell, ActionsHeader, RowActions, toggleActiveAction } from "../ui/row-actions";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import type { WebhookActions } from "./use-webhook-actions";
import { EventsCell, WebhookStatus } from "./webhook-cells";
import { Time } from "../ui/time";

/** `actions` is null for roles that may only look. */
export function WebhooksTable({
  webhooks,
  health,
  actions,
}: {
  webhooks: WebhookView[];
  /** Each webhook's success over 24 h, by id (empty while it loads). */
  health: ReadonlyMap<string, WebhookHealth>;
  actions: WebhookActions | null;
}) {
  return (
    <Table label="Webhooks">
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Endpoint URL</TH>
          <TH>Events</TH>
          <TH>Status</TH>
          <TH>Created</TH>
          {actions ? <ActionsHeader /> : null}
        </tr>
      </THead>
      <TBody>
        {webhooks.map((w) => (
          <TR key={w.id} data-webhook-id={w.id}>
            <TD className="max-w-56">
              <Link
                href={`/dashboard/webhooks/${w.id}`}
                className="block truncate font-medium text-slate-900 hover:text-indigo-700"
                title={w.name}
              >
                {w.name}
              </Link>
              {!w.hasSecret ? <div className="text-xs text-amber-700">Unsigned</div> : null}
            </TD>
            {/* Takes the width the other columns leave, truncating: the table never scrolls sideways for a long URL. */}
            <TD className="w-full max-w-0 min-w-48">
              <code className="block truncate font-mono text-[13px] text-slate-700" title={w.url}>
                {w.url}
              </code>
            </TD>
            <TD>
              <EventsCell events={w.events} />
            </TD>
            <TD>
              <WebhookStatus webhook={w} health={health.get(w.id)} />
            </TD>
            <TD className="text-slate-500">
              <Time at={w.createdAt} format="date" />
            </TD>
            {actions ? (
              <ActionsCell>
                <WebhookActionsMenu webhook={w} actions={actions} />
              </ActionsCell>
            ) : null}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function WebhookActionsMenu({ webhook, actions }: { webhook: WebhookView; actions: WebhookActions }) {
  return (
    <RowActions
      label={`Actions for ${webhook.name}`}
      actions={[
        { label: "Send test event…", icon: Send, onSelect: () => actions.onTest(webhook) },
        { label: "View deliveries", icon: ScrollText, onSelect: () => actions.onOpen(webhook) },
        { label: "Edit…", icon: Pencil, onSelect: () => actions.onEdit(webhook) },
        toggleActiveAction(webhook.isActive, (isActive) => actions.onSetActive(webhook, isActive)),
        { label: "Delete…", icon: Trash2, tone: "danger", separated: true, onSelect: () => actions.onDelete(webhook) },
      ]}
    />
  );
}
