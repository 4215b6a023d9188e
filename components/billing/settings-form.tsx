"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BillingView } from "@/schemas/billing";
import { moneySchema } from "@/schemas/money";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { formatUsd } from "../format/money";

/** "25" or "25.5" → "25.0000"; anything else as typed (the schema says what is wrong). */
function asMoney(text: string): string {
  const t = text.trim().replace(/^\$/, "");
  return /^\d+(\.\d{0,4})?$/.test(t) ? Number.parseFloat(t).toFixed(4) : t;
}

/** The spend limit and alert thresholds; owners and admins edit, developers read. */
export function SettingsForm({ billing, canManage }: { billing: BillingView; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [limit, setLimit] = useState(billing.monthlySpendLimit ?? "");
  const [thresholds, setThresholds] = useState(billing.alertThresholds.join(", "));
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.billing.update.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        setConfirmRemove(false);
        await queryClient.invalidateQueries({ queryKey: trpc.billing.get.queryKey() });
      },
    }),
  );
  const limitText = asMoney(limit);
  const limitError =
    limit.trim() && !moneySchema.safeParse(limitText).success ? "An amount in dollars, e.g. 250 or 99.50." : null;
  const parsedThresholds = thresholds
    .split(/[,\s]+/)
    .filter(Boolean)
    .map(Number);
  const thresholdsError =
    parsedThresholds.length < 1 ||
    parsedThresholds.length > 5 ||
    parsedThresholds.some((t) => !Number.isInteger(t) || t < 1 || t > 100)
      ? "1 to 5 whole percents from 1 to 100, e.g. 50, 80, 100."
      : null;

  if (!canManage) {
    return (
      <Card>
        <CardHeader title="Spend limit and alerts" description="Only owners and admins change these." />
        <dl className="divide-y divide-slate-100 text-sm">
          <div className="flex justify-between px-5 py-2.5">
            <dt className="text-slate-600">Monthly limit</dt>
            <dd className="font-medium">{billing.monthlySpendLimit ? formatUsd(billing.monthlySpendLimit) : "None"}</dd>
          </div>
          <div className="flex justify-between px-5 py-2.5">
            <dt className="text-slate-600">Alerts at</dt>
            <dd className="font-medium">{billing.alertThresholds.map((t) => `${t} %`).join(", ")}</dd>
          </div>
        </dl>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Spend limit and alerts"
        description="Live messages that would pass the limit are refused (402); each threshold sends billing.threshold_reached once a month."
      />
      <form
        className="space-y-4 px-5 py-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (limitError || thresholdsError) return;
          setSaved(false);
          update.mutate({
            monthlySpendLimit: limit.trim() ? limitText : null,
            alertThresholds: [...new Set(parsedThresholds)],
          });
        }}
      >
        <Field label="Monthly spend limit (USD)" hint="Empty: no limit." error={limitError ?? undefined}>
          {(props) => (
            <Input
              {...props}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
              inputMode="decimal"
              placeholder="No limit"
            />
          )}
        </Field>
        <Field label="Alert thresholds (% of the limit)" error={thresholdsError ?? undefined}>
          {(props) => <Input {...props} value={thresholds} onChange={(e) => setThresholds(e.target.value)} />}
        </Field>
        {update.isError ? <ErrorText error={update.error} className="text-sm text-red-600" /> : null}
        <div className="flex items-center gap-3">
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
          {billing.monthlySpendLimit !== null ? (
            <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
              Remove limit
            </Button>
          ) : null}
          {saved && !update.isPending ? <span className="text-sm text-emerald-700">Saved</span> : null}
        </div>
      </form>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Remove the spend limit?"
        description="Live messages will no longer be refused for spend: a leaked key or an SMS-pumping attack could spend without bound."
        confirmLabel="Remove limit"
        pending={update.isPending}
        onConfirm={() => {
          setLimit("");
          update.mutate({ monthlySpendLimit: null });
        }}
      />
    </Card>
  );
}
