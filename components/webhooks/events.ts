import { CANONICAL_EVENTS, EVENT_ALIASES, EVENT_DESCRIPTIONS, type WebhookEvent } from "@/schemas/webhooks";

export { EVENT_DESCRIPTIONS };
export type { WebhookEvent };

/** Group titles by the event name's area (the part before the dot); an area not named here gets its own name. */
const AREA_LABELS: Record<string, string> = {
  message: "Messages",
  otp: "OTP",
  contact: "Contacts",
  billing: "Billing",
  fraud: "Fraud guard",
  campaign: "Campaigns",
  sender: "Senders",
  webhook: "Test",
  alert: "Alerts",
};

/** Areas shown inside another's group: a tracked link's click belongs to its campaign. */
const AREA_OF: Record<string, string> = { link: "campaign" };

/**
 * How the events picker groups the subscribable events, built from the server's own list
 * (schemas/webhooks.ts), so an event the server can send is never missing here: canonical events
 * by area in the order above, then the aliases. "*" is offered on its own above them.
 */
export const EVENT_GROUPS: { label: string; events: WebhookEvent[] }[] = (() => {
  const areas = new Map<string, WebhookEvent[]>(Object.keys(AREA_LABELS).map((a) => [a, []]));
  for (const event of CANONICAL_EVENTS) {
    const prefix = event.split(".")[0]!;
    const area = AREA_OF[prefix] ?? prefix;
    if (!areas.has(area)) areas.set(area, []);
    areas.get(area)!.push(event);
  }
  return [
    ...[...areas]
      .filter(([, events]) => events.length > 0)
      .map(([area, events]) => ({ label: AREA_LABELS[area] ?? area, events })),
    { label: "Aliases", events: Object.keys(EVENT_ALIASES) as WebhookEvent[] },
  ];
})();

export const ALL_EVENTS: WebhookEvent = "*";

/** Event names a delivery can carry (the name the webhook subscribed with): everything but "*". */
export const DELIVERY_EVENTS: WebhookEvent[] = EVENT_GROUPS.flatMap((g) => g.events);

/** The picker's canonical order, so the request and the table read the same every time. */
export function orderEvents(events: Iterable<string>): WebhookEvent[] {
  const set = new Set(events);
  if (set.has(ALL_EVENTS)) return [ALL_EVENTS];
  return DELIVERY_EVENTS.filter((e) => set.has(e));
}
