"use client";

import type { HTMLAttributes, ReactNode } from "react";
import { TD, TR } from "../ui/table";
import { shortId } from "../messages/message-format";
import { Time } from "../ui/time";

/** A row that opens its detail drawer when clicked; the open one is highlighted. */
export function OpenableRow({
  selected,
  onOpen,
  ...rest
}: { selected: boolean; onOpen: () => void } & Omit<HTMLAttributes<HTMLTableRowElement>, "onClick">) {
  return (
    <TR
      aria-selected={selected || undefined}
      onClick={onOpen}
      className="cursor-pointer aria-selected:bg-indigo-50/60"
      {...rest}
    />
  );
}

/** The row's first value as a button, so keyboard users can open the row too. */
export function OpenRowButton({ onOpen, children }: { onOpen: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={(e) => {
        // The row opens on click too: once is enough.
        e.stopPropagation();
        onOpen();
      }}
      className="rounded font-mono text-[13px] font-medium text-slate-900 hover:text-indigo-700"
    >
      {children}
    </button>
  );
}

/** "5 minutes ago" judged against `now` (when the page was fetched); the viewer's and UTC time on hover. */
export function CreatedCell({ at, now }: { at: string; now: number }) {
  return (
    <TD className="text-slate-500">
      <Time at={at} format="relative" now={now} />
    </TD>
  );
}

export function ShortIdCell({ id }: { id: string }) {
  return (
    <TD>
      <code className="font-mono text-xs text-slate-500" title={id}>
        {shortId(id)}
      </code>
    </TD>
  );
}
