"use client";

import { useCallback, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { MessageSquare, SearchX, Send } from "lucide-react";
import { isFinalStatus, type MessagePage } from "@/schemas/message-views";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { useCan } from "../dashboard/dashboard-context";
import { useUrlState } from "../dashboard/use-url-state";
import { MessageDrawer } from "./message-drawer";
import { hasMessageFilters, MESSAGE_URL_KEYS, MessageFilters, messageListInput } from "./message-filters";
import { MessagesTable } from "./messages-table";
import { SendTestDialog } from "./send-test-dialog";

const POLL_MS = 2_000;
/** Stop refreshing the list when nothing in flight has moved for this long (a "stays SENT" message). */
const POLL_QUIET_MS = 30_000;

/** Ids and statuses of the messages still on their way: polling goes on while this keeps changing. */
function inFlight(pages: MessagePage[] | undefined): string {
  return (pages ?? [])
    .flatMap((p) => p.items)
    .filter((m) => !isFinalStatus(m.status))
    .map((m) => `${m.id}:${m.status}`)
    .join(",");
}

export function MessagesPage() {
  const trpc = useTRPC();
  const canSendTest = useCan("messages.sendTest");
  const [url, setUrl] = useUrlState(MESSAGE_URL_KEYS);
  const [sending, setSending] = useState(false);
  const [poll, setPoll] = useState({ key: "", since: 0 });

  const list = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions(messageListInput(url), {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) =>
        poll.key && query.state.dataUpdatedAt - poll.since < POLL_QUIET_MS ? POLL_MS : false,
    }),
  );
  const pending = inFlight(list.data?.pages);
  if (pending !== poll.key) setPoll({ key: pending, since: list.dataUpdatedAt });

  const openMessage = useCallback((id: string) => setUrl({ message: id }, { push: true }), [setUrl]);
  const closeMessage = useCallback(() => setUrl({ message: null }), [setUrl]);
  const setFilters = useCallback((patch: Parameters<typeof setUrl>[0]) => setUrl(patch), [setUrl]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = hasMessageFilters(url);
  const sendButton = canSendTest ? (
    <Button onClick={() => setSending(true)}>
      <Send aria-hidden className="size-4" />
      Send test SMS
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader
        title="Messages"
        description="Every SMS and OTP message sent by this organization, with its delivery status."
        actions={sendButton}
      />
      <MessageFilters state={url} set={setFilters} />

      {list.isPending ? (
        <TableSkeleton rows={5} columns={6} />
      ) : list.isError ? (
        <ErrorState
          title="Could not load messages"
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 && filtered ? (
        <EmptyState icon={SearchX} title="No messages match these filters">
          Try another status or environment, a shorter recipient prefix, or a wider date range.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState
          icon={MessageSquare}
          title="No messages yet"
          action={canSendTest ? <Button onClick={() => setSending(true)}>Send a test SMS</Button> : undefined}
        >
          {canSendTest
            ? "Send a test SMS to watch one go from queued to delivered; nothing leaves the sandbox. "
            : null}
          Messages sent through <code className="font-mono text-[13px]">POST /api/v1/sms/send</code>,{" "}
          <code className="font-mono text-[13px]">/sms/bulk</code> or{" "}
          <code className="font-mono text-[13px]">/otp/send</code> appear here with their recipient, segments,
          environment and status.
        </EmptyState>
      ) : (
        <>
          <MessagesTable
            messages={items}
            now={list.dataUpdatedAt}
            selectedId={url.message || null}
            onOpen={openMessage}
          />
          <div className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-500">
            <span className="tabular-nums">
              {items.length} {items.length === 1 ? "message" : "messages"}
              {list.hasNextPage ? " shown" : ""}
            </span>
            {list.hasNextPage ? (
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            ) : items.length > 25 ? (
              <span>That&apos;s all of them.</span>
            ) : null}
          </div>
        </>
      )}

      <MessageDrawer messageId={url.message || null} onClose={closeMessage} />
      {canSendTest ? <SendTestDialog open={sending} onOpenChange={setSending} onSent={openMessage} /> : null}
    </div>
  );
}
