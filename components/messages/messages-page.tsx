"use client";

import { useCallback, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { MessageSquare, SearchX, Send } from "lucide-react";
import { isFinalStatus, type MessagePage } from "@/schemas/message-views";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";
import { hasFilters } from "../dashboard/filter-bar";
import { PagedList } from "../dashboard/paged-list";
import { usePollWhileMoving } from "../dashboard/use-poll-while-moving";
import { useUrlState } from "../dashboard/use-url-state";
import { useEnvironment } from "../dashboard/environment";
import { MessageDrawer } from "./message-drawer";
import { MESSAGE_FILTER_KEYS, MESSAGE_URL_KEYS, MessageFilters, messageListInput } from "./message-filters";
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
  const { environment } = useEnvironment();
  const [sending, setSending] = useState(false);
  const poll = usePollWhileMoving(POLL_MS, POLL_QUIET_MS);

  const list = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions(messageListInput(url, environment), {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: poll.refetchInterval,
    }),
  );
  poll.track(inFlight(list.data?.pages), list.dataUpdatedAt);

  const openMessage = useCallback((id: string) => setUrl({ message: id }, { push: true }), [setUrl]);
  const closeMessage = useCallback(() => setUrl({ message: null }), [setUrl]);
  const setFilters = useCallback((patch: Parameters<typeof setUrl>[0]) => setUrl(patch), [setUrl]);

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

      <PagedList
        list={list}
        columns={6}
        errorTitle="Could not load messages"
        noun={["message", "messages"]}
        empty={
          hasFilters(url, MESSAGE_FILTER_KEYS) ? (
            <EmptyState icon={SearchX} title="No messages match these filters">
              Try another status or environment, a shorter recipient prefix, or a wider date range.
            </EmptyState>
          ) : (
            <EmptyState
              icon={MessageSquare}
              title="No messages yet"
              action={canSendTest ? <Button onClick={() => setSending(true)}>Send a test SMS</Button> : undefined}
            >
              {url.env === ""
                ? `Showing ${environment === "test" ? "sandbox" : "live"} messages (the switch at the top). `
                : null}
              {canSendTest
                ? "Send a test SMS to watch one go from queued to delivered; nothing leaves the sandbox. "
                : null}
              Messages sent through <code className="font-mono text-[13px]">POST /api/v1/sms/send</code>,{" "}
              <code className="font-mono text-[13px]">/sms/bulk</code> or{" "}
              <code className="font-mono text-[13px]">/otp/send</code> appear here with their recipient, segments,
              environment and status.
            </EmptyState>
          )
        }
      >
        {(items) => (
          <MessagesTable
            messages={items}
            now={list.dataUpdatedAt}
            selectedId={url.message || null}
            onOpen={openMessage}
            showEnvironment={url.env === "all"}
          />
        )}
      </PagedList>

      <MessageDrawer messageId={url.message || null} onClose={closeMessage} />
      {canSendTest ? <SendTestDialog open={sending} onOpenChange={setSending} onSent={openMessage} /> : null}
    </div>
  );
}
