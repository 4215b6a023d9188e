"use client";

import { useEffect, useState } from "react";
import { cn } from "../ui/cn";

const clock = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return "just now";
  if (s < 60) return `${s} s ago`;
  return `${Math.floor(s / 60)} min ago`;
}

/** "Live · updated 4 s ago", with a dot that pulses while a refresh is in flight. */
export function UpdatedIndicator({
  updatedAt,
  fetching,
  failed,
}: {
  updatedAt: number;
  fetching: boolean;
  failed: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <p
      className="flex items-center gap-1.5 text-xs text-slate-500"
      title={`Refreshes every 10 seconds. Last update ${clock.format(updatedAt)}.`}
      data-testid="updated-indicator"
    >
      <span className="relative flex size-2">
        {fetching ? (
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-75" />
        ) : null}
        <span className={cn("relative inline-flex size-2 rounded-full", failed ? "bg-amber-500" : "bg-emerald-500")} />
      </span>
      {failed ? "Could not refresh; retrying" : fetching ? "Updating…" : `Updated ${ago(now - updatedAt)}`}
    </p>
  );
}
