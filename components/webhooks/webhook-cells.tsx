import type { WebhookView } from "@/schemas/webhooks";
import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";
import { ALL_EVENTS, orderEvents } from "./events";

/** Compact: "All events", up to two chips, or one chip and "+N more" (the full list in the tooltip). */
export function EventsCell({ events }: { events: readonly string[] }) {
  const ordered = orderEvents(events);
  const title = ordered.join(", ");
  if (ordered[0] === ALL_EVENTS) {
    return (
      <span title="Every event, present and future (*)">
        <Badge tone="violet">All events</Badge>
      </span>
    );
  }
  const shown = ordered.length <= 2 ? ordered : ordered.slice(0, 1);
  const rest = ordered.length - shown.length;
  return (
    <span title={title} className="inline-flex items-center gap-1">
      <span className="sr-only">{`${ordered.length} events: ${title}`}</span>
      {shown.map((e) => (
        <span
          key={e}
          aria-hidden
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700 ring-1 ring-slate-200 ring-inset"
        >
          {e}
        </span>
      ))}
      {rest > 0 ? (
        <span aria-hidden className="rounded px-1 py-0.5 text-xs font-medium text-slate-500">
          +{rest} more
        </span>
      ) : null}
    </span>
  );
}

/** Active or Disabled; when SignalGate disabled it (a 410 answer), why, so nobody wonders. */
export function WebhookStatus({ webhook, detailed = false }: { webhook: WebhookView; detailed?: boolean }) {
  const active = webhook.isActive;
  return (
    <div data-testid="webhook-status" className="min-w-0">
      <span
        className={cn(
          "inline-flex items-center gap-1.5 text-sm font-medium",
          active ? "text-emerald-700" : webhook.disabledReason ? "text-red-700" : "text-slate-500",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "size-1.5 rounded-full",
            active ? "bg-emerald-500" : webhook.disabledReason ? "bg-red-500" : "bg-slate-400",
          )}
        />
        {active ? "Active" : "Disabled"}
      </span>
      {!active && webhook.disabledReason ? (
        <p
          className={cn(
            "text-xs text-red-700",
            detailed ? "mt-1" : "mt-0.5 line-clamp-2 max-w-56 min-w-44 whitespace-normal",
          )}
          title={webhook.disabledReason}
        >
          {webhook.disabledReason}
        </p>
      ) : null}
    </div>
  );
}
