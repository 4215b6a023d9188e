"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { MAX_CONTACT_ATTRIBUTES, updateContactInput, type ContactView } from "@/schemas/contacts";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";

type Row = { key: string; value: string };

const rowsOf = (c: ContactView): Row[] => Object.entries(c.attributes).map(([key, value]) => ({ key, value }));

/**
 * A contact's attributes (imported columns and API-set keys): shown as a list, edited in place by
 * those who manage contacts. Saved as a whole (PATCH replaces `attributes`), checked by the API's
 * own schema before it is sent.
 */
export function AttributesCard({ contact, canManage }: { contact: ContactView; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[] | null>(null);
  const save = useMutation(
    trpc.contacts.update.mutationOptions({
      onSuccess: async () => {
        toast.success("Attributes saved.");
        setRows(null);
        await queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  const editing = rows !== null;
  const attributes = Object.fromEntries((rows ?? []).filter((r) => r.key.trim()).map((r) => [r.key.trim(), r.value]));
  const checked = updateContactInput.safeParse({ attributes });
  const duplicate = rows ? new Set(rows.map((r) => r.key.trim())).size !== rows.length : false;
  const problem = duplicate ? "Each key once." : checked.success ? null : (checked.error.issues[0]?.message ?? null);
  const set = (i: number, patch: Partial<Row>) =>
    setRows((r) => r!.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  return (
    <Card>
      <CardHeader
        title="Attributes"
        description="Imported columns and keys set through the API, for personalizing messages."
        action={
          canManage && !editing ? (
            <Button variant="secondary" onClick={() => setRows(rowsOf(contact))}>
              Edit attributes
            </Button>
          ) : null
        }
      />
      {editing ? (
        <form
          className="space-y-2 px-5 py-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!problem) save.mutate({ id: contact.id, patch: { attributes } });
          }}
        >
          {rows.map((row, i) => (
            <div key={i} className="flex items-center gap-2">
              <Input
                aria-label={`Attribute ${i + 1} key`}
                className="w-1/3 min-w-0 font-mono text-[13px]"
                value={row.key}
                placeholder="key"
                onChange={(e) => set(i, { key: e.target.value })}
              />
              <Input
                aria-label={`Attribute ${i + 1} value`}
                className="min-w-0 flex-1"
                value={row.value}
                placeholder="value"
                onChange={(e) => set(i, { value: e.target.value })}
              />
              <Button
                variant="ghost"
                aria-label={`Remove attribute ${row.key || i + 1}`}
                onClick={() => setRows((r) => r!.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden className="size-4 text-slate-500" />
              </Button>
            </div>
          ))}
          {problem ? <p className="text-xs text-red-600">{problem}</p> : null}
          <div className="flex flex-wrap items-center gap-2 pt-2">
            <Button
              variant="secondary"
              disabled={rows.length >= MAX_CONTACT_ATTRIBUTES}
              onClick={() => setRows((r) => [...r!, { key: "", value: "" }])}
            >
              <Plus aria-hidden className="size-4" />
              Add attribute
            </Button>
            <span className="flex-1" />
            <Button variant="ghost" onClick={() => setRows(null)}>
              Cancel
            </Button>
            <Button type="submit" disabled={Boolean(problem) || save.isPending}>
              {save.isPending ? "Saving…" : "Save attributes"}
            </Button>
          </div>
        </form>
      ) : Object.keys(contact.attributes).length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-500">No attributes.</p>
      ) : (
        <dl className="divide-y divide-slate-100" data-testid="contact-attributes">
          {Object.entries(contact.attributes).map(([key, value]) => (
            <div key={key} className="grid grid-cols-3 gap-3 px-5 py-2.5 text-sm">
              <dt className="truncate font-mono text-[13px] text-slate-500" title={key}>
                {key}
              </dt>
              <dd className="col-span-2 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
