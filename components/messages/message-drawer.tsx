"use client";

import { useEffect } from "react";
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { isFinalStatus, type MessageListItem, type MessagePage } from "@/schemas/message-views";
import { useTRPC } from "../trpc/client";
import { DetailDrawer, patchListItem, TimelineSection, type ListCache } from "../dashboard/detail-drawer";
import { MessageStatusBadge } from "./message-badges";
import { MessageBody, MessageError, MessageFacts } from "./message-facts";
import { MessageTimeline } from "./message-timeline";
import { MessageWebhooks } from "./message-webhooks";
import { BatchSection, ScheduleConfirmDialogs, ScheduledSection, useScheduleCancels } from "./scheduled-panel";

const POLL_MS = 500;
/** ~30 s of polling: a message still not final by then (a "stays SENT" number) is not watched live. */
const MAX_POLLS = 60;

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
  const cancels = useScheduleCancels();

  useEffect(() => {
    if (!message) return;
    const row: Partial<MessageListItem> = { status: message.status, errorCode: message.errorCode };
    queryClient.setQueriesData<ListCache<MessagePage>>({ queryKey: trpc.messages.list.pathKey() }, (data) =>
      patchListItem(data, message.id, row),
    );
  }, [message, queryClient, trpc]);

  return (
    <>
      <DetailDrawer
        noun="Message"
        id={messageId}
        onClose={onClose}
        query={detail}
        errorTitle="Could not load this message"
        skeleton={{ steps: 3, blockClassName: "h-32" }}
        description={
          message ? (
            <span className="flex items-center gap-2">
              To <span className="font-mono text-[13px] text-slate-700">{message.to}</span>
              <MessageStatusBadge status={message.status} />
            </span>
          ) : null
        }
      >
        {(m) => (
          <div className="space-y-6">
            <TimelineSection id="timeline-heading" title="Status">
              <MessageTimeline message={m} live={live} />
            </TimelineSection>
            <ScheduledSection message={m} actions={cancels} />
            <MessageError message={m} />
            <MessageFacts message={m} />
            <BatchSection message={m} actions={cancels} />
            <MessageBody message={m} />
            <MessageWebhooks message={m} />
          </div>
        )}
      </DetailDrawer>
      <ScheduleConfirmDialogs message={message} actions={cancels} />
    </>
  );
}
