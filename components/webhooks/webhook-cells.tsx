import type { WebhookView } from "@/schemas/webhooks";
import { Badge } from "../ui/badge";
import { CompactChips } from "../ui/chips";
import { cn } from "../ui/cn";
import { DotStatus } from "../ui/dot-status";
import { ALL_EVENTS, orderEvents } from "./events";

/** Compact: "All events", up to two chips, or one chip and "+N more" (the full list in the tooltip). */
export function EventsCell({ events }: { events: readonly string[] }) {
  const ordered = orderEvents(events);
  if (ordered[0] === ALL_EVENTS) {
    return (
      <span title="Every event, present and future (*)">
        <Badge tone="violet">All events</Badge>
      </span>
    );
  }
  return <CompactChips values={ordered} noun="events" />;
}

/** Active or Disabled; when SignalGate disabled it (a 410 answer), why, so nobody wonders. */
export function WebhookStatus({ webhook, detailed = false }: { webhook: WebhookView; detailed?: boolean }) {
  const active = webhook.isActive;
  return (
    <div data-testid="webhook-status" className="min-w-0">
      <DotStatus tone={active ? "on" : webhook.disabledReason ? "problem" : "off"}>
        {active ? "Active" : "Disabled"}
      </DotStatus>
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
