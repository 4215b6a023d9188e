import { describe, expect, it } from "vitest";
import { SUBSCRIBABLE_EVENTS } from "@/schemas/webhooks";
import { ALL_EVENTS, DELIVERY_EVENTS, EVENT_GROUPS, orderEvents } from "./events";

describe("the webhook event picker's groups", () => {
  it("offer every event the server accepts, each once, plus * on its own", () => {
    expect([...DELIVERY_EVENTS, ALL_EVENTS].sort()).toEqual([...SUBSCRIBABLE_EVENTS].sort());
    expect(new Set(DELIVERY_EVENTS).size).toBe(DELIVERY_EVENTS.length);
  });

  it("include the events the walk found missing, under readable group names", () => {
    const groupOf = (event: string) => EVENT_GROUPS.find((g) => g.events.includes(event as never))?.label;
    expect(groupOf("billing.threshold_reached")).toBe("Billing");
    expect(groupOf("message.received")).toBe("Messages");
    expect(groupOf("contact.opted_out")).toBe("Contacts");
    expect(groupOf("contact.opted_in")).toBe("Contacts");
    expect(groupOf("fraud.prefix_blocked")).toBe("Fraud guard");
    expect(groupOf("sms.delivered")).toBe("Aliases");
    expect(groupOf("campaign.completed")).toBe("Campaigns");
    expect(groupOf("link.clicked")).toBe("Campaigns");
    expect(groupOf("sender.queue_backlog")).toBe("Senders");
    expect(EVENT_GROUPS.map((g) => g.label)).toEqual([
      "Messages",
      "OTP",
      "Contacts",
      "Billing",
      "Fraud guard",
      "Campaigns",
      "Senders",
      "Test",
      "Alerts",
      "Aliases",
    ]);
  });

  it("keep the message events in lifecycle order and order selections canonically", () => {
    expect(EVENT_GROUPS[0]!.events.slice(0, 5)).toEqual([
      "message.queued",
      "message.sent",
      "message.delivered",
      "message.failed",
      "message.undelivered",
    ]);
    expect(orderEvents(["otp.sent", "billing.threshold_reached", "message.sent"])).toEqual([
      "message.sent",
      "otp.sent",
      "billing.threshold_reached",
    ]);
    expect(orderEvents(["otp.sent", "*"])).toEqual(["*"]);
  });
});
