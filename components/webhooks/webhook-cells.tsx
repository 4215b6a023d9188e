import type { WebhookView } from "@/schemas/webhooks";
import type { WebhookHealth } from "@/schemas/webhook-views";
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

/** "97%": whole percents, except just under 100 (a failure never rounds up to a clean 100%). */
export function formatSuccessRate(rate: number): string {
  const percent = Math.floor(rate * 1000) / 10;
  return `${percent >= 99.95 || percent === Math.trunc(percent) ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/**
 * Active, Failing (recent deliveries mostly fail: its success rate over 24 h) or Disabled; when
 * SignalGate disabled it (a 410 answer), why, so nobody wonders.
 */
export function WebhookStatus({
  webhook,
  health,
  detailed = false,
}: {
  webhook: WebhookView;
  /** Absent while it loads: the status then reads from the webhook alone. */
  health?: WebhookHealth;
  detailed?: boolean;
}) {
  const active = webhook.isActive;
  const failing = active && health?.failing === true;
  const rate = health && health.successRate !== null ? formatSuccessRate(health.successRate) : null;
  return (
    <div data-testid="webhook-status" className="min-w-0">
      <DotStatus tone={failing ? "problem" : active ? "on" : webhook.disabledReason ? "problem" : "off"}>
        {failing ? "Failing" : active ? "Active" : "Disabled"}
      </DotStatus>
      {active && health && rate ? (
        <p
          className={cn("text-xs", failing ? "text-red-700" : "text-slate-500", detailed ? "mt-1" : "mt-0.5")}
          title={`${health.succeeded} of the last ${health.settled} settled deliveries in 24 h succeeded`}
        >
          {rate} succeeded in 24 h
        </p>
      ) : null}
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
