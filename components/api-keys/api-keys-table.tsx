"use client";

import { Pencil, RefreshCw, Trash2 } from "lucide-react";
import type { ApiKeyView } from "@/schemas/api-keys";
import { ActionsCell, ActionsHeader, RowActions, toggleActiveAction } from "../ui/row-actions";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { EnvironmentBadge } from "./environment";
import { PermissionsCell, StatusCell } from "./key-cells";
import { keyStatus } from "./key-format";
import { Time } from "../ui/time";

export interface KeyActions {
  onEdit: (key: ApiKeyView) => void;
  onSetActive: (key: ApiKeyView, isActive: boolean) => void;
  onRegenerate: (key: ApiKeyView) => void;
  onDelete: (key: ApiKeyView) => void;
}

/**
 * `now` is when the list was fetched: "Expired" and "3 minutes ago" are judged against that moment,
 * so a render never disagrees with itself. `actions` is null for roles that may only look.
 */
export function ApiKeysTable({ keys, now, actions }: { keys: ApiKeyView[]; now: number; actions: KeyActions | null }) {
  return (
    <Table label="API keys">
      <THead>
        <tr>
          <TH>Name</TH>
          <TH>Key</TH>
          <TH>Permissions</TH>
          <TH>Status</TH>
          <TH>Created</TH>
          <TH>Last used</TH>
          <TH>Expires</TH>
          {actions ? <ActionsHeader /> : null}
        </tr>
      </THead>
      <TBody>
        {keys.map((k) => {
          const status = keyStatus(k, now);
          return (
            <TR key={k.id} data-key-id={k.id}>
              <TD className="max-w-64 whitespace-normal">
                <div className="truncate font-medium text-slate-900" title={k.name}>
                  {k.name}
                </div>
                {k.description ? (
                  <div className="truncate text-xs text-slate-500" title={k.description}>
                    {k.description}
                  </div>
                ) : null}
              </TD>
              <TD>
                <div className="flex flex-col items-start gap-1">
                  <code className="font-mono text-[13px] text-slate-700">{k.keyPrefix}</code>
                  <EnvironmentBadge environment={k.environment} />
                </div>
              </TD>
              <TD>
                <PermissionsCell permissions={k.permissions} />
                {k.ipRestrictions.length > 0 ? (
                  <div className="mt-1 text-xs text-slate-500" title={k.ipRestrictions.join(", ")}>
                    {k.ipRestrictions.length === 1
                      ? `Only ${k.ipRestrictions[0]}`
                      : `${k.ipRestrictions.length} IP ranges`}
                  </div>
                ) : null}
              </TD>
              <TD>
                <StatusCell status={status} />
              </TD>
              <TD className="text-slate-500">
                <Time at={k.createdAt} format="date" />
              </TD>
              <TD className="text-slate-500">
                {k.lastUsedAt ? (
                  <Time at={k.lastUsedAt} format="relative" now={now} />
                ) : (
                  <span className="text-slate-400">Never</span>
                )}
              </TD>
              <TD className={status === "expired" ? "text-red-600" : "text-slate-500"}>
                {k.expiresAt ? <Time at={k.expiresAt} format="date" /> : <span className="text-slate-400">Never</span>}
              </TD>
              {actions ? (
                <ActionsCell>
                  <KeyActionsMenu apiKey={k} actions={actions} />
                </ActionsCell>
              ) : null}
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

function KeyActionsMenu({ apiKey, actions }: { apiKey: ApiKeyView; actions: KeyActions }) {
  return (
    <RowActions
      label={`Actions for ${apiKey.name}`}
      actions={[
        { label: "Edit…", icon: Pencil, onSelect: () => actions.onEdit(apiKey) },
        toggleActiveAction(apiKey.isActive, (isActive) => actions.onSetActive(apiKey, isActive)),
        { label: "Regenerate secret…", icon: RefreshCw, onSelect: () => actions.onRegenerate(apiKey) },
        { label: "Delete…", icon: Trash2, tone: "danger", separated: true, onSelect: () => actions.onDelete(apiKey) },
      ]}
    />
  );
}
