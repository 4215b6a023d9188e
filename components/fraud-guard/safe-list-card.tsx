"use client";

import { useState, type FormEvent } from "react";
import { X } from "lucide-react";
import { safeListEntrySchema } from "@/schemas/fraud-guard";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Field, Input } from "../ui/input";
import { ConfirmDialog } from "../ui/dialog";
import { useUpdateFraudGuard } from "./use-update-fraud-guard";

export function SafeListCard({ safeList, canManage }: { safeList: string[]; canManage: boolean }) {
  const update = useUpdateFraudGuard("Safe list saved");
  const [entry, setEntry] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  function add(e: FormEvent) {
    e.preventDefault();
    const parsed = safeListEntrySchema.safeParse(entry.trim());
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Not a valid entry.");
    if (safeList.includes(parsed.data)) return setError("Already on the safe list.");
    setError(null);
    update.mutate({ safeList: [...safeList, parsed.data] }, { onSuccess: () => setEntry("") });
  }

  return (
    <Card>
      <CardHeader
        title="Safe list"
        description="Numbers and prefixes that are never blocked, such as your own test phones or a partner's range."
      />
      <CardBody className="space-y-3">
        {safeList.length === 0 ? (
          <p className="text-sm text-slate-500">Nothing on the safe list.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Safe list">
            {safeList.map((s) => (
              <li
                key={s}
                className="flex items-center gap-1 rounded-md bg-slate-100 py-0.5 pr-1 pl-2 font-mono text-sm text-slate-800"
              >
                {s}
                {canManage ? (
                  <button
                    type="button"
                    aria-label={`Remove ${s}`}
                    className="rounded p-0.5 text-slate-400 hover:bg-slate-200 hover:text-slate-700"
                    onClick={() => setRemoving(s)}
                  >
                    <X className="size-3.5" aria-hidden />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canManage ? (
          <form onSubmit={add} className="flex items-end gap-2">
            <Field label="Number or prefix" error={error} className="flex-1">
              {(props) => (
                <Input
                  {...props}
                  value={entry}
                  onChange={(e) => setEntry(e.target.value)}
                  placeholder="+4477009 or +14155550123"
                />
              )}
            </Field>
            <Button type="submit" variant="secondary" loading={update.isPending}>
              Add
            </Button>
          </form>
        ) : null}
      </CardBody>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove from the safe list?"
        description={`OTP sends to ${removing} will be watched by the fraud guard again.`}
        confirmLabel="Remove"
        pending={update.isPending}
        onConfirm={() =>
          update.mutate({ safeList: safeList.filter((s) => s !== removing) }, { onSuccess: () => setRemoving(null) })
        }
      />
    </Card>
  );
}
