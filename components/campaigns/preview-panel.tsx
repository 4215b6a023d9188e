"use client";

import { useState } from "react";
import Link from "next/link";
import { useMutation, useQuery } from "@tanstack/react-query";
import { AlertTriangle, Send } from "lucide-react";
import { formatMoney, parseMoney } from "@/schemas/money";
import { useCan } from "../dashboard/dashboard-context";
import { Button } from "../ui/button";
import { formatCount } from "../format/number";
import { Card } from "../ui/card";
import { Input, Select } from "../ui/input";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { audienceOf, type BuilderState } from "./builder-state";
import { useDebounced } from "./use-debounced";

/**
 * The builder's right-hand side: the message as a chosen contact will get it (segments, encoding,
 * price), the live recipient count, the cost estimate with a spend-limit warning, and, once the
 * campaign is saved, a test send.
 */
export function PreviewPanel({ state, campaignId }: { state: BuilderState; campaignId: string | null }) {
  const trpc = useTRPC();
  const [picked, setPicked] = useState("");
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const template = useDebounced(state.template, 300);
  const audience = useDebounced(audienceOf(state), 400);
  const canBilling = useCan("billing.read");

  // Only contacts the campaign would reach: a preview for anyone else would show a message nobody gets.
  const contacts = useQuery({
    ...trpc.campaignTools.audienceContacts.queryOptions({ audience, ...(q ? { q } : {}) }),
    placeholderData: (prev) => prev,
  });
  // A contact the audience no longer reaches (its tags changed) is no longer previewed.
  const contactId = contacts.data?.items.some((c) => c.id === picked) ? picked : "";
  const preview = useQuery({
    ...trpc.campaignTools.previewDraft.queryOptions({
      template,
      contactId: contactId || undefined,
      appendOptOutText: state.appendOptOutText,
      linkTracking: state.linkTracking,
      environment: state.environment,
    }),
    placeholderData: (prev) => prev,
  });
  const count = useQuery({
    ...trpc.campaigns.audienceCount.queryOptions({ audience }),
    placeholderData: (prev) => prev,
  });
  const billing = useQuery({ ...trpc.billing.get.queryOptions(), enabled: canBilling && state.environment === "live" });

  const p = preview.data?.ok ? preview.data.preview : null;
  const recipients = count.data?.recipients ?? null;
  const estimateUnits = p && recipients !== null ? (parseMoney(p.price) ?? 0) * recipients : null;
  const limit = billing.data?.monthlySpendLimit ? parseMoney(billing.data.monthlySpendLimit) : undefined;
  const spent = billing.data ? (parseMoney(billing.data.monthToDate.spend) ?? 0) : 0;
  const overLimit =
    state.environment === "live" && limit !== undefined && estimateUnits !== null && spent + estimateUnits > limit;

  return (
    <div className="space-y-4">
      <Card className="p-4">
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Preview</h2>
        <div className="mb-3 grid gap-2">
          <Input
            placeholder="Search contacts…"
            aria-label="Search contacts"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Select aria-label="Preview for contact" value={contactId} onChange={(e) => setPicked(e.target.value)}>
            <option value="">No contact (fallbacks)</option>
            {contacts.data?.items.map((c) => (
              <option key={c.id} value={c.id}>
                {[c.firstName, c.lastName].filter(Boolean).join(" ") || c.phone} · {c.phone}
              </option>
            ))}
          </Select>
        </div>
        {preview.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : preview.isError ? (
          <ErrorText error={preview.error} className="text-sm text-red-600" />
        ) : !preview.data.ok ? (
          <p className="text-sm text-red-600">Fix the message first: {preview.data.issues[0]?.message}</p>
        ) : (
          <>
            <div
              data-testid="preview-text"
              className="rounded-2xl rounded-bl-sm bg-slate-100 px-4 py-3 text-sm whitespace-pre-wrap text-slate-900"
            >
              {p!.text}
            </div>
            <p className="mt-2 text-xs text-slate-500" data-testid="preview-facts">
              {p!.segments} {p!.segments === 1 ? "segment" : "segments"} · {p!.encoding} · {p!.characters} characters ·{" "}
              {p!.price} USD{p!.country ? ` to ${p!.country}` : ""}
              {state.environment === "test" ? " (sandbox: free)" : ""}
            </p>
            {p!.missing.length > 0 ? (
              <p className="mt-1 text-xs text-amber-700">
                Would be skipped: no value and no fallback for {p!.missing.map((m) => `{{${m}}}`).join(", ")}.
              </p>
            ) : null}
          </>
        )}
      </Card>

      <Card className="p-4">
        <h2 className="mb-2 text-sm font-semibold text-slate-900">Audience and cost</h2>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-500">Recipients now</dt>
          <dd className="text-right font-medium tabular-nums" data-testid="recipient-count">
            {recipients === null ? "…" : formatCount(recipients)}
          </dd>
          <dt className="text-slate-500">Estimated cost</dt>
          <dd className="text-right font-medium tabular-nums" data-testid="cost-estimate">
            {estimateUnits === null ? "…" : `${formatMoney(estimateUnits)} USD`}
          </dd>
        </dl>
        <p className="mt-2 text-xs text-slate-500">
          Contacts with the audience&apos;s tags who have not opted out, priced at the previewed message. The audience
          is fixed when the campaign starts.
        </p>
        {overLimit ? (
          <p
            role="alert"
            className="mt-3 flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 ring-1 ring-amber-600/20"
          >
            <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
            This would take the month&apos;s spend to {formatMoney(spent + (estimateUnits ?? 0))} USD, past the{" "}
            {billing.data?.monthlySpendLimit} USD limit: the campaign pauses when it reaches it.
          </p>
        ) : null}
      </Card>

      <TestSend campaignId={campaignId} contactId={contactId} />
    </div>
  );
}

function TestSend({ campaignId, contactId }: { campaignId: string | null; contactId: string }) {
  const trpc = useTRPC();
  const canManage = useCan("campaigns.manage");
  const [to, setTo] = useState("");
  // The outcome is said here, under the button: a toast in the corner sat on top of this card.
  const send = useMutation(trpc.campaigns.testSend.mutationOptions());
  if (!canManage) return null;
  return (
    <Card className="p-4">
      <h2 className="mb-2 text-sm font-semibold text-slate-900">Test send</h2>
      {campaignId ? (
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate({ id: campaignId, to: to.trim(), ...(contactId ? { contactId } : {}) });
          }}
        >
          <Input
            placeholder="+14155550123"
            aria-label="Test phone number"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button type="submit" variant="secondary" loading={send.isPending} disabled={!to.trim()}>
            <Send aria-hidden className="size-4" />
            Send test
          </Button>
        </form>
      ) : (
        <p className="text-sm text-slate-500">Save the draft to send yourself a test.</p>
      )}
      {send.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-emerald-700" data-testid="test-send-result">
          Test message queued to <span className="font-mono">{send.data.to}</span>.{" "}
          <Link
            href={`/dashboard/messages?message=${encodeURIComponent(send.data.messageId)}`}
            className="font-medium text-indigo-700 underline"
          >
            View it in Messages
          </Link>
        </p>
      ) : send.isError ? (
        <ErrorText error={send.error} className="mt-2 text-sm text-red-700" />
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        One message, rendered for the chosen contact (or with the fallbacks). Not counted in the stats or the frequency
        cap.
      </p>
    </Card>
  );
}
