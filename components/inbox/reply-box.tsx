"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { Button } from "../ui/button";
import { Textarea } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";

/**
 * Reply from the thread (issue 39): a sandbox message back to the phone, from the number it wrote
 * to. A live conversation is answered through the API: the dashboard sends no live messages.
 */
export function ReplyBox({
  phone,
  number,
  environment,
}: {
  phone: string;
  number: string;
  environment: "live" | "test";
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canSend = useCan("messages.sendTest");
  const [body, setBody] = useState("");
  const reply = useMutation(
    trpc.inbox.reply.mutationOptions({
      onSuccess: async () => {
        setBody("");
        await queryClient.invalidateQueries({ queryKey: trpc.inbox.conversation.queryKey({ phone }) });
      },
    }),
  );
  if (!canSend) return null;
  if (environment === "live") {
    return (
      <p className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
        A live conversation: reply with a live API key (<code className="font-mono">POST /api/v1/sms/send</code> from{" "}
        <span className="font-mono">{number}</span>). The dashboard sends sandbox messages only.
      </p>
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (body.trim()) reply.mutate({ phone, body });
  }

  return (
    <form onSubmit={submit} className="border-t border-slate-200 px-4 py-3" aria-label="Reply">
      <div className="flex items-end gap-2">
        <Textarea
          aria-label={`Reply to ${phone}`}
          rows={2}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line, as in a chat.
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={`Reply from ${number} (sandbox)`}
          className="min-h-0 flex-1 resize-none"
        />
        <Button type="submit" loading={reply.isPending} disabled={!body.trim()}>
          <Send aria-hidden className="size-4" />
          Send
        </Button>
      </div>
      {reply.isError ? <ErrorText error={reply.error} className="mt-1.5 text-sm text-red-700" /> : null}
    </form>
  );
}
