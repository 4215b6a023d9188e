"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { THREAD_LIMIT } from "@/schemas/inbox";
import { cn } from "../ui/cn";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Time } from "../ui/time";
import type { Conversation, ThreadMessage } from "@/schemas/inbox";
import { ReplyBox } from "./reply-box";

const REFRESH_MS = 5_000;

const AUTO_REPLY_LABEL: Record<NonNullable<ThreadMessage["autoReply"]>, string> = {
  stop: "Auto-reply (STOP)",
  start: "Auto-reply (START)",
  help: "Auto-reply (HELP)",
};

/**
 * One number's conversation, oldest at the top like a phone shows it; both directions. With the
 * Inbox's `conversation`, a reply box under it (back to the number it wrote to).
 */
export function Thread({
  phone,
  optedOut,
  conversation,
}: {
  phone: string;
  optedOut: boolean;
  conversation?: Conversation;
}) {
  const trpc = useTRPC();
  const thread = useQuery(
    trpc.inbox.conversation.queryOptions({ phone }, { refetchOnMount: "always", refetchInterval: REFRESH_MS }),
  );
  return (
    <section aria-label={`Conversation with ${phone}`} className="flex min-w-0 flex-col">
      <header className="flex items-center justify-between border-b border-slate-200 px-5 py-3">
        <h2 className="flex items-center gap-2 font-mono text-sm font-semibold text-slate-900">
          {phone}
          {optedOut ? (
            <Badge tone="red" className="font-sans">
              Opted out
            </Badge>
          ) : null}
        </h2>
        <Link
          href={`/dashboard/messages?recipient=${encodeURIComponent(phone)}`}
          className="text-xs font-medium text-indigo-600 hover:underline"
        >
          Messages sent to this number
        </Link>
      </header>
      <div className="flex-1 space-y-3 overflow-y-auto bg-slate-50/60 px-5 py-4" data-testid="thread">
        {thread.isPending ? (
          <Skeleton className="h-40" />
        ) : thread.isError ? (
          <ErrorState
            title="Could not load the conversation"
            error={thread.error}
            onRetry={() => void thread.refetch()}
          />
        ) : (
          <>
            {thread.data.length === THREAD_LIMIT ? (
              <p className="text-center text-xs text-slate-500">The {THREAD_LIMIT} newest messages.</p>
            ) : null}
            {[...thread.data].reverse().map((m) => {
              const mine = m.direction === "outbound";
              return (
                <div key={m.id} className={cn("flex", mine ? "justify-end" : "justify-start")}>
                  <div
                    data-direction={m.direction}
                    className={cn(
                      "max-w-[75%] rounded-2xl px-3.5 py-2 text-sm shadow-sm",
                      mine
                        ? "rounded-br-sm bg-indigo-600 text-white"
                        : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200",
                    )}
                  >
                    <p className="break-words whitespace-pre-wrap">
                      {m.body ?? <span className="italic opacity-80">Live message body hidden for your role</span>}
                    </p>
                    <Link
                      href={`/dashboard/messages?message=${encodeURIComponent(m.id)}`}
                      className={cn(
                        "mt-1 block text-[11px] hover:underline",
                        mine ? "text-indigo-100" : "text-slate-500",
                      )}
                    >
                      {m.autoReply ? <span className="font-medium">{AUTO_REPLY_LABEL[m.autoReply]} · </span> : null}
                      <Time at={m.at} />
                      {mine ? ` · ${m.status.toLowerCase()}` : ""}
                    </Link>
                  </div>
                </div>
              );
            })}
          </>
        )}
      </div>
      {conversation ? (
        <ReplyBox phone={phone} number={conversation.number} environment={conversation.environment} />
      ) : null}
    </section>
  );
}
