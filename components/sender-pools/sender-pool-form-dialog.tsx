"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { SenderPoolView } from "@/schemas/sender-pools";
import { FormDialog } from "../ui/form-dialog";
import { CHECKBOX } from "../ui/checkbox-groups";
import { Field, Input } from "../ui/input";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { ErrorText } from "../trpc/error-notice";

/**
 * Create a pool, or edit one (`pool` given): a name, the organization's numbers as checkboxes, an
 * optional alphanumeric sender ID and the two selection switches (contract §15).
 */
export function SenderPoolFormDialog({
  open,
  onClose,
  pool,
}: {
  open: boolean;
  onClose: () => void;
  pool?: SenderPoolView;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const numbers = useQuery(trpc.contacts.numbers.queryOptions(undefined, { enabled: open }));
  const [name, setName] = useState(pool?.name ?? "");
  const [chosen, setChosen] = useState<Set<string>>(new Set(pool?.numbers ?? []));
  const [label, setLabel] = useState(pool?.alphanumericSenderId ?? "");
  const [stickySender, setSticky] = useState(pool?.stickySender ?? true);
  const [geoMatch, setGeo] = useState(pool?.geoMatch ?? true);
  const done = async (message: string) => {
    toast.success(message);
    await queryClient.invalidateQueries({ queryKey: trpc.senderPools.list.queryKey() });
    onClose();
  };
  const create = useMutation(trpc.senderPools.create.mutationOptions({ onSuccess: () => done("Pool created") }));
  const update = useMutation(trpc.senderPools.update.mutationOptions({ onSuccess: () => done("Pool saved") }));
  const pending = create.isPending || update.isPending;
  const formError = (pool ? update.error : create.error) ?? null;
  // The server names fields as the REST body does; an edit's input nests them under `patch`.
  const fields = fieldErrors(formError);
  const errorFor = (field: string) => fields[field] ?? fields[`patch.${field}`] ?? null;
  const toggle = (number: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(number);
      else next.delete(number);
      return next;
    });
  const submit = () => {
    const values = { name, numbers: [...chosen], alphanumericSenderId: label.trim() || null, stickySender, geoMatch };
    if (pool) update.mutate({ id: pool.id, patch: values });
    else create.mutate(values);
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      pending={pending}
      title={pool ? `Edit ${pool.name}` : "New sender pool"}
      description='Send with from: "pool_…" and SignalGate picks a sender for each recipient: the number that last texted them, a number of their country (and area code), your sender ID where their country allows one, else the number with the shortest queue.'
      formId="sender-pool-form"
      submitLabel={pool ? "Save" : "Create pool"}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      formError={formError}
    >
      <Field label="Name" error={errorFor("name")}>
        {(p) => <Input {...p} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-900">Numbers</legend>
        {numbers.isPending ? (
          <Skeleton className="h-16" />
        ) : numbers.isError ? (
          <ErrorText error={numbers.error} lead="Could not load your numbers:" />
        ) : numbers.data.length === 0 ? (
          <p className="text-sm text-slate-500">
            Your organization has no numbers yet: a pool can still send with an alphanumeric sender ID.
          </p>
        ) : (
          <div className="grid max-h-56 gap-1 overflow-y-auto rounded-md border border-slate-200 p-2 sm:grid-cols-2">
            {numbers.data.map((n) => (
              <label key={n.number} className="flex items-center gap-2 rounded px-1 py-1 hover:bg-slate-50">
                <input
                  type="checkbox"
                  className={CHECKBOX}
                  checked={chosen.has(n.number)}
                  onChange={(e) => toggle(n.number, e.target.checked)}
                />
                <span className="font-mono text-sm">{n.number}</span>
                <span className="text-xs text-slate-500">{n.country ?? "short code"}</span>
              </label>
            ))}
          </div>
        )}
        {errorFor("numbers") ? <p className="text-sm text-red-600">{errorFor("numbers")}</p> : null}
      </fieldset>
      <Field
        label="Alphanumeric sender ID"
        error={errorFor("alphanumericSenderId")}
        aside="Optional"
        hint="1 to 11 letters and digits. Not used in the US or Canada."
      >
        {(p) => <Input {...p} value={label} maxLength={11} onChange={(e) => setLabel(e.target.value)} />}
      </Field>
      <div className="space-y-2">
        <label className="flex items-start gap-2.5 text-sm text-slate-700">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={stickySender}
            onChange={(e) => setSticky(e.target.checked)}
          />
          Sticky sender: keep each recipient on the number that last texted them (30 days)
        </label>
        <label className="flex items-start gap-2.5 text-sm text-slate-700">
          <input type="checkbox" className={CHECKBOX} checked={geoMatch} onChange={(e) => setGeo(e.target.checked)} />
          Geo-match: prefer a number of the recipient&apos;s country and area code
        </label>
      </div>
    </FormDialog>
  );
}
