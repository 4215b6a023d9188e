import { Badge, type BadgeTone } from "./badge";
import { cn } from "./cn";

/** How one status looks and what it means; each domain keeps a map of these for its statuses. */
export interface StatusInfo {
  label: string;
  tone: BadgeTone;
  /** The dot's colour (and pulse, for statuses that are still moving). */
  dot: string;
  /** The badge's tooltip. */
  hint: string;
}

/** A status as a coloured badge with a dot; `data-status` lets tests find a row by status. */
export function StatusBadge<S extends string>({ status, info }: { status: S; info: Record<S, StatusInfo> }) {
  const s = info[status];
  return (
    <span title={s.hint} data-status={status}>
      <Badge tone={s.tone}>
        <span aria-hidden className={cn("mr-1.5 size-1.5 rounded-full", s.dot)} />
        {s.label}
      </Badge>
    </span>
  );
}
