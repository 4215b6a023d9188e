import type { HTMLAttributes } from "react";
import { cn } from "./cn";

/** A small monospaced tag for an identifier (an event name, a permission). */
export function Chip({ className, ...rest }: HTMLAttributes<HTMLSpanElement>) {
  return (
    <span
      className={cn(
        "rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 ring-1 ring-slate-200 ring-inset",
        className,
      )}
      {...rest}
    />
  );
}

/**
 * A list in a table cell: up to two chips, or one chip and "+N more". The whole list is in the
 * tooltip, and said once to screen readers as "3 events: …" (`noun` is the plural).
 */
export function CompactChips({ values, noun }: { values: readonly string[]; noun: string }) {
  const title = values.join(", ");
  const shown = values.length <= 2 ? values : values.slice(0, 1);
  const rest = values.length - shown.length;
  return (
    <span title={title} className="inline-flex items-center gap-1">
      <span className="sr-only">{`${values.length} ${noun}: ${title}`}</span>
      {shown.map((value) => (
        <Chip key={value} aria-hidden>
          {value}
        </Chip>
      ))}
      {rest > 0 ? (
        <span aria-hidden className="rounded px-1 py-0.5 text-xs font-medium text-slate-500">
          +{rest} more
        </span>
      ) : null}
    </span>
  );
}
