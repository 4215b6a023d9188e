"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MessageSquare, Pencil, UserCheck, UserX, Users } from "lucide-react";
import { toast } from "sonner";
import type { ContactView } from "@/schemas/contacts";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Chip } from "../ui/chips";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { BackLink, DetailHeader, DetailItem, RecordStates } from "../dashboard/detail-page";
import { formatDateTime } from "../messages/message-format";
import { MessageDrawer } from "../messages/message-drawer";
import { MessagesTable } from "../messages/messages-table";
import { Thread } from "../inbox/thread";
import { AttributesCard } from "./attributes-card";
import { ContactDialog } from "./contact-dialog";

const HISTORY_ROWS = 10;

/** One contact: who it is, its attributes, whether it may be messaged, and what was said. */
export function ContactDetailPage({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const contact = useQuery(trpc.contacts.byId.queryOptions({ id: contactId }));
  return (
    <div>
      <BackLink href="/dashboard/contacts">Contacts</BackLink>
      <RecordStates query={contact} noun="contact" icon={Users}>
        {(c) => <ContactDetail contact={c} />}
      </RecordStates>
    </div>
  );
}

const nameOf = (c: ContactView) => [c.firstName, c.lastName].filter(Boolean).join(" ");

function ContactDetail({ contact: c }: { contact: ContactView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("contacts.manage");
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.contacts.pathKey() });
  const onError = (err: unknown) => toastError(err);
  const optOut = useMutation(
    trpc.contacts.addOptOut.mutationOptions({
      onSuccess: async () => {
        toast.success(`${c.phone} is opted out: sends to it are refused.`);
        await refresh();
      },
      onError,
    }),
  );
  const optIn = useMutation(
    trpc.contacts.removeOptOut.mutationOptions({
      onSuccess: async () => {
        toast.success(`${c.phone} is opted back in.`);
        await refresh();
      },
      onError,
    }),
  );
  return (
    <>
      <DetailHeader
        title={nameOf(c) || <span className="font-mono">{c.phone}</span>}
        titleClassName="break-words"
        subtitle={
          <div className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-[13px] text-slate-600">{c.phone}</code>
            {c.optedOut ? <Badge tone="red">Opted out</Badge> : <Badge tone="green">Subscribed</Badge>}
          </div>
        }
        actions={
          canManage ? (
            <>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden className="size-4" />
                Edit
              </Button>
              {c.optedOut ? (
                <Button variant="secondary" loading={optIn.isPending} onClick={() => optIn.mutate({ phone: c.phone })}>
                  <UserCheck aria-hidden className="size-4" />
                  Opt back in
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  loading={optOut.isPending}
                  onClick={() => optOut.mutate({ phone: c.phone })}
                >
                  <UserX aria-hidden className="size-4" />
                  Opt out
                </Button>
              )}
            </>
          ) : null
        }
      />

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader title="Details" />
          <dl className="grid grid-cols-1 gap-4 px-5 py-4 sm:grid-cols-2">
            <DetailItem label="First name">{c.firstName ?? "—"}</DetailItem>
            <DetailItem label="Last name">{c.lastName ?? "—"}</DetailItem>
            <DetailItem label="Email">
              <span className="break-all">{c.email ?? "—"}</span>
            </DetailItem>
            <DetailItem label="Subscription">
              {c.optedOut && c.optedOutAt
                ? `Opted out ${formatDateTime(c.optedOutAt)}: sends are refused`
                : "Subscribed: may be messaged"}
            </DetailItem>
            <DetailItem label="Tags">
              {c.tags.length === 0 ? (
                "—"
              ) : (
                <span className="flex flex-wrap gap-1">
                  {c.tags.map((t) => (
                    <Link key={t} href={`/dashboard/contacts?tag=${encodeURIComponent(t)}`}>
                      <Chip>{t}</Chip>
                    </Link>
                  ))}
                </span>
              )}
            </DetailItem>
            <DetailItem label="Created">{formatDateTime(c.createdAt)}</DetailItem>
            <DetailItem label="Updated">{formatDateTime(c.updatedAt)}</DetailItem>
            <DetailItem label="ID">
              <code className="font-mono text-xs break-all text-slate-600">{c.id}</code>
            </DetailItem>
          </dl>
        </Card>
        <AttributesCard contact={c} canManage={canManage} />
      </div>

      <MessageHistory phone={c.phone} />

      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Conversation</h2>
      <Card className="flex max-h-[28rem] min-h-48 flex-col overflow-hidden">
        <Thread phone={c.phone} optedOut={c.optedOut} />
      </Card>

      <ContactDialog open={editing} onOpenChange={setEditing} contact={editing ? c : null} />
    </>
  );
}

/** The newest messages to the contact's number, each opening the message drawer. */
function MessageHistory({ phone }: { phone: string }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState<string | null>(null);
  const history = useQuery(trpc.messages.list.queryOptions({ search: phone, limit: HISTORY_ROWS }));
  return (
    <>
      <div className="mt-8 mb-3 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Messages</h2>
        <Link
          href={`/dashboard/messages?q=${encodeURIComponent(phone)}`}
          className="text-sm font-medium text-indigo-600 hover:underline"
        >
          All messages to {phone}
        </Link>
      </div>
      {history.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : history.isError ? (
        <ErrorState title="Could not load the messages" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <EmptyState icon={MessageSquare} title="No messages to this number yet" />
      ) : (
        <MessagesTable
          messages={history.data.items}
          now={history.dataUpdatedAt}
          selectedId={open}
          onOpen={setOpen}
          showEnvironment
        />
      )}
      <MessageDrawer messageId={open} onClose={() => setOpen(null)} />
    </>
  );
}
