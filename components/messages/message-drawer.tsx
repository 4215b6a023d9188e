"use client";

import { useEffect } from "react";
import { skipToken, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { isFinalStatus, type MessageDetail, type MessagePage } from "@/schemas/message-views";
import { Drawer } from "../ui/drawer";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { MessageStatusBadge } from "./message-badges";
import { MessageBody, MessageError, MessageFacts } from "./message-facts";
import { shortId } from "./message-format";
import { MessageTimeline } from "./message-timeline";

const POLL_MS = 500;
/** ~30 s of polling: a message still not final by then (a "stays SENT" number) is not watched live. */
const MAX_POLLS = 60;

/** The list rows show status and error code too: keep them in step with what the drawer sees. */
function patchListRow(data: InfiniteData<MessagePage> | undefined, m: MessageDetail) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === m.id ? { ...item, status: m.status, errorCode: m.errorCode } : item,
      ),
    })),
  };
}

/**
 * One message in a side panel: its status timeline (followed live every 500 ms until it is final),
 * error, carrier, ids and body.
 */
export function MessageDrawer({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const detail = useQuery(
    trpc.messages.byId.queryOptions(messageId ? { id: messageId } : skipToken, {
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (!data || isFinalStatus(data.status) || query.state.dataUpdateCount >= MAX_POLLS) return false;
        return POLL_MS;
      },
    }),
  );
  const message = detail.data;
  // Read from the cache: the observer result has no update count. Reading dataUpdatedAt subscribes
  // this component to every poll, so the count is current.
  const polls = detail.dataUpdatedAt
    ? (queryClient.getQueryState(trpc.messages.byId.queryKey({ id: messageId ?? "" }))?.dataUpdateCount ?? 0)
    : 0;
  const live = Boolean(message && !isFinalStatus(message.status) && polls < MAX_POLLS);

  useEffect(() => {
    if (!message) return;
    queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: trpc.messages.list.pathKey() }, (data) =>
      patchListRow(data, message),
    );
  }, [message, queryClient, trpc]);

  return (
    <Drawer
      open={messageId !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        <span className="flex items-center gap-2">
          Message
          {messageId ? (
            <code className="font-mono text-[13px] font-normal text-slate-500" title={messageId}>
              {shortId(messageId)}
            </code>
          ) : null}
        </span>
      }
      description={
        message ? (
          <span className="flex items-center gap-2">
            To <span className="font-mono text-[13px] text-slate-700">{message.to}</span>
            <MessageStatusBadge status={message.status} />
          </span>
        ) : null
      }
    >
      {detail.isPending ? (
        <DrawerSkeleton />
      ) : detail.isError ? (
        <ErrorState
          title="Could not load this message"
          message={errorMessage(detail.error)}
          onRetry={() => void detail.refetch()}
        />
      ) : message ? (
        <div className="space-y-6">
          <section aria-labelledby="timeline-heading">
            <h3 id="timeline-heading" className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Status
            </h3>
            <MessageTimeline message={message} live={live} />
          </section>
          <MessageError message={message} />
          <MessageFacts message={message} />
          <MessageBody message={message} />
        </div>
      ) : null}
    </Drawer>
  );
}

function DrawerSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-6">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-6 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3 w-48" />
          </div>
        </div>
      ))}
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
