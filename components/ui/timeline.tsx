import type { LiHTMLAttributes, ReactNode } from "react";
import { Check, Clock, LoaderCircle, X } from "lucide-react";
import { cn } from "./cn";

const MARKER = "relative flex size-6 shrink-0 items-center justify-center rounded-full ring-4 ring-white";
const SPACING = { normal: "pb-4", loose: "pb-5" } as const;

/**
 * A step that happened, in a vertical timeline (an <ol>): a check, or a cross when it failed, on a
 * line that runs down to the next step unless this is the `last`.
 */
export function TimelineStep({
  failed,
  last,
  spacing = "normal",
  children,
  ...rest
}: {
  failed: boolean;
  last: boolean;
  /** Room under the step: "loose" for steps with several lines of details. */
  spacing?: keyof typeof SPACING;
  children: ReactNode;
} & LiHTMLAttributes<HTMLLIElement>) {
  return (
    <li className={cn("relative flex gap-3 last:pb-0", SPACING[spacing])} {...rest}>
      {!last ? <span aria-hidden className="absolute top-6 bottom-0 left-[11px] w-px bg-slate-200" /> : null}
      <span aria-hidden className={cn(MARKER, failed ? "bg-red-100 text-red-600" : "bg-emerald-100 text-emerald-700")}>
        {failed ? <X className="size-3.5" /> : <Check className="size-3.5" />}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">{children}</div>
    </li>
  );
}

/** The step still to come, last in the timeline: a spinner while it is `live`ly awaited, else a clock. */
export function TimelinePending({
  live,
  children,
  ...rest
}: { live: boolean; children: ReactNode } & LiHTMLAttributes<HTMLLIElement>) {
  return (
    <li className="relative flex gap-3" {...rest}>
      <span aria-hidden className={cn(MARKER, "bg-slate-100 text-slate-400")}>
        {live ? <LoaderCircle className="size-3.5 animate-spin" /> : <Clock className="size-3.5" />}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">{children}</div>
    </li>
  );
}
