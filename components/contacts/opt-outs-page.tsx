"use client";

import { useState, type FormEvent } from "react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { BellOff } from "lucide-react";
import { toast } from "sonner";
import { createOptOutInput, type OptOutSource, type RecentOptOutView } from "@/schemas/opt-outs";
import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { Input } from "../ui/input";
import { PageHeader } from "../ui/page-header";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { ErrorText, toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { PagedList } from "../dashboard/paged-list";
import { CreatedCell } from "../dashboard/list-cells";

const SOURCES: Record<OptOutSource, { label: string; tone: BadgeTone }> = {
  keyword: { label: "Replied with a keyword", tone: "amber" },
  api: { label: "API", tone: "gray" },
  dashboard: { label: "Dashboard", tone: "indigo" },
  import: { label: "Import", tone: "blue" },
};

/** "Replied UNSUBSCRIBE": the word the person sent (older keyword opt-outs did not keep it). */
function sourceLabel(o: RecentOptOutView): string {
  return o.source === "keyword" && o.keyword ? `Replied ${o.keyword}` : SOURCES[o.source].label;
}

function AddOptOutForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const add = useMutation(
    trpc.contacts.addOptOut.mutationOptions({
      onSuccess: async (o) => {
        toast.success(`${o.phone} is opted out.`);
        setPhone("");
        await queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
      },
    }),
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createOptOutInput.safeParse({ phone: phone.trim() });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Not a phone number.");
    setError(null);
    add.mutate(parsed.data);
  }
  return (
    <Card className="mb-6 p-5">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Opt out a number">
        <div className="w-64 space-y-1.5">
          <label htmlFor="opt-out-phone" className="block text-sm font-medium text-slate-700">
            Opt out a number
          </label>
          <Input
            id="opt-out-phone"
            inputMode="tel"
            autoComplete="off"
            placeholder="+14155550123"
            className="font-mono"
            value={phone}
            invalid={Boolean(error ?? add.error)}
            aria-describedby={error || add.error ? "opt-out-error" : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
        </div>
        <Button type="submit" loading={add.isPending}>
          Opt out
        </Button>
        {error ? (
          <p id="opt-out-error" role="alert" className="w-full text-sm text-red-600">
            {error}
          </p>
        ) : add.error ? (
          <ErrorText id="opt-out-error" error={add.error} className="w-full text-sm text-red-600" />
        ) : null}
      </form>
    </Card>
  );
}

export function OptOutsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("contacts.manage");
  const list = useInfiniteQuery(
    trpc.contacts.optOuts.infiniteQueryOptions({}, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  const [removing, setRemoving] = useState<RecentOptOutView | null>(null);
  const remove = useMutation(
    trpc.contacts.removeOptOut.mutationOptions({
      onSuccess: async () => {
        toast.success(`${removing?.phone ?? "The number"} is opted back in.`);
        setRemoving(null);
        await queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  return (
    <div>
      <PageHeader
        title="Opt-outs"
        description="Numbers that asked not to be messaged (STOP and the other keywords, the API or this page), newest first. Every send to them is refused with recipient_opted_out, in the sandbox and live."
      />
      {canManage ? <AddOptOutForm /> : null}
      <PagedList
        list={list}
        columns={canManage ? 4 : 3}
        errorTitle="Could not load opt-outs"
        noun={["number", "numbers"]}
        empty={
          <EmptyState icon={BellOff} title="No opted-out numbers">
            A number that replies STOP to one of your numbers is opted out here automatically.
          </EmptyState>
        }
      >
        {(items) => (
          <Table label="Opted-out numbers">
            <THead>
              <tr>
                <TH>Number</TH>
                <TH>Source</TH>
                <TH>Opted out</TH>
                {canManage ? <TH className="w-40" /> : null}
              </tr>
            </THead>
            <TBody>
              {items.map((o) => (
                <TR key={o.phone}>
                  <TD className="font-mono text-[13px] font-medium text-slate-900">{o.phone}</TD>
                  <TD>
                    <Badge tone={SOURCES[o.source].tone}>{sourceLabel(o)}</Badge>
                  </TD>
                  <CreatedCell at={o.optedOutAt} now={list.dataUpdatedAt} />
                  {canManage ? (
                    <TD className="text-right">
                      <Button variant="ghost" size="sm" onClick={() => setRemoving(o)}>
                        Opt back in
                      </Button>
                    </TD>
                  ) : null}
                </TR>
              ))}
            </TBody>
          </Table>
        )}
      </PagedList>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => (o ? undefined : setRemoving(null))}
        title="Opt this number back in?"
        description={
          <>
            Messages to <span className="font-mono">{removing?.phone}</span> will be sent again. Only do this when the
            person asked for it (for example by replying START).
          </>
        }
        confirmLabel="Opt back in"
        tone="primary"
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ phone: removing.phone })}
      />
    </div>
  );
}
