"use client";

import Link from "next/link";
import { X } from "lucide-react";

/** The log narrowed to one message's deliveries (from its drawer): which message, a way back, and a way out. */
export function MessageFilterChip({ messageId, onClear }: { messageId: string; onClear: () => void }) {
  return (
    <div className="mb-0.5 flex flex-col gap-1">
      <span className="text-xs font-medium text-slate-500">Message</span>
      <span className="inline-flex h-9 max-w-full items-center gap-1 rounded-md bg-indigo-50 pr-1 pl-3 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset">
        <Link
          href={`/dashboard/messages?message=${encodeURIComponent(messageId)}`}
          className="truncate font-mono text-[13px] hover:underline"
          title="Open this message"
        >
          {messageId}
        </Link>
        <button
          type="button"
          onClick={onClear}
          aria-label="Show deliveries of every message"
          className="rounded p-1 text-indigo-700 hover:bg-indigo-100"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      </span>
    </div>
  );
}
