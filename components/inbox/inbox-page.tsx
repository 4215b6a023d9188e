"use client";

import { useEffect, useRef, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { Inbox, MessageSquarePlus, MessagesSquare } from "lucide-react";
import type { Conversation } from "@/schemas/inbox";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { useUrlState } from "../dashboard/use-url-state";
import { EnvironmentTag } from "../messages/message-badges";
import { Badge } from "../ui/badge";
import { Time } from "../ui/time";
import { Thread } from "./thread";
import { SimulateInboundDialog } from "./simulate-inbound-dialog";
import { useCan } from "../dashboard/dashboard-context";

const URL_KEYS = ["phone"] as const;
const REFRESH_MS = 5_000;

/** Conversations of several windows, each sender once (the newest window names them first). */
function uniqueByPhone(pages: { items: Conversation[] }[]): Conversation[] {
  const seen = new Set<string>();
  return pages.flatMap((p) => p.items).filter((c) => (seen.has(c.phone) ? false : (seen.add(c.phone), true)));
}

export function InboxPage() {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(URL_KEYS);
  const canSimulate = useCan("messages.sendTest");
  const [simulating, setSimulating] = useState(false);
  const list = useInfiniteQuery(
    trpc.inbox.conversations.infiniteQueryOptions(
      {},
      {
        getNextPageParam: (last) => last.nextCursor ?? undefined,
        // New messages arrive on their own: fresh on every visit, then polled.
        refetchOnMount: "always",
        refetchInterval: REFRESH_MS,
      },
    ),
  );
  const conversations = uniqueByPhone(list.data?.pages ?? []);
  const selected = url.phone || conversations[0]?.phone || "";
  const selectedConversation = conversations.find((c) => c.phone === selected);
  // On a phone the thread sits below the list: opening one scrolls to it (not on the first load).
  const threadRef = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!opened.current) return;
    opened.current = false;
    if (window.matchMedia("(max-width: 767px)").matches) {
      threadRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }, [url.phone]);

  return (
    <div>
      <PageHeader
        title="Inbox"
        description="Messages phones sent to your numbers, grouped by sender, with what you sent them. STOP, START and HELP are answered automatically (Numbers has the replies)."
        actions={
          canSimulate ? (
            <Button variant="secondary" onClick={() => setSimulating(true)}>
              <MessageSquarePlus aria-hidden className="size-4" />
              Simulate an inbound message
            </Button>
          ) : null
        }
      />
      <SimulateInboundDialog open={simulating} onOpenChange={setSimulating} onReceived={(phone) => setUrl({ phone })} />
      {list.isPending ? (
        <Skeleton className="h-96" />
      ) : list.isError ? (
        <ErrorState title="Could not load the inbox" error={list.error} onRetry={() => void list.refetch()} />
      ) : conversations.length === 0 ? (
        <EmptyState icon={Inbox} title="No inbound messages yet">
          Replies to your numbers appear here. In the sandbox, simulate one with the button above, or with{" "}
          <code className="font-mono text-[13px]">POST /api/v1/sms/inbound</code> and a{" "}
          <code className="font-mono text-[13px]">sg_test_</code> key.
        </EmptyState>
      ) : (
        <div className="grid min-h-[28rem] grid-cols-1 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm md:grid-cols-[18rem_1fr]">
          <nav aria-label="Conversations" className="flex flex-col border-b border-slate-200 md:border-r md:border-b-0">
            <ul className="divide-y divide-slate-100 overflow-y-auto">
              {conversations.map((c) => (
                <li key={c.phone}>
                  <button
                    type="button"
                    aria-current={c.phone === selected ? "true" : undefined}
                    onClick={() => {
                      opened.current = true;
                      setUrl({ phone: c.phone });
                    }}
                    className={cn(
                      "block w-full px-4 py-3 text-left hover:bg-slate-50",
                      c.phone === selected && "bg-indigo-50/70 hover:bg-indigo-50",
                    )}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-mono text-[13px] font-medium text-slate-900">{c.phone}</span>
                      <Time
                        at={c.lastAt}
                        format="relative"
                        now={list.dataUpdatedAt}
                        className="text-xs whitespace-nowrap text-slate-500"
                      />
                    </span>
                    <span className="mt-0.5 block truncate text-sm text-slate-600">{c.lastBody}</span>
                    <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
                      to <span className="font-mono">{c.number}</span>
                      <EnvironmentTag environment={c.environment} />
                      {c.optedOut ? <Badge tone="red">Opted out</Badge> : null}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <div className="border-t border-slate-100 p-3">
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-full"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  Older conversations
                </Button>
              </div>
            ) : null}
          </nav>
          <div ref={threadRef} className="flex min-w-0 scroll-mt-4 flex-col">
            {selected ? (
              <Thread
                phone={selected}
                optedOut={selectedConversation?.optedOut ?? false}
                conversation={selectedConversation}
              />
            ) : (
              <EmptyState icon={MessagesSquare} title="Pick a conversation" />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
