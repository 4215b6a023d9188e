import { describe, expect, it } from "vitest";
import { CANONICAL_EVENTS, EVENT_ALIASES } from "@/schemas/webhooks";
import type { OptOutEventPayload as ServerOptOutPayload } from "@/schemas/opt-outs";
import type { OtpEventPayload as ServerOtpPayload } from "@/server/otp/otp-events";
import type { queuedEventPayload } from "@/server/messages/queued-event-payload";
import { WEBHOOK_EVENT_NAMES, type MessageEventPayload, type OptOutEventPayload, type OtpEventPayload } from "./events";

// Type-level: the server's payloads must be assignable to the SDK's (tsc checks this file).
type Assignable<From extends To, To> = [From, To];
export type Checks = [
  Assignable<
    Omit<ReturnType<typeof queuedEventPayload>, "status" | "environment">,
    Omit<MessageEventPayload, "status" | "environment">
  >,
  Assignable<ServerOtpPayload, OtpEventPayload>,
  Assignable<ServerOptOutPayload, OptOutEventPayload>,
];

describe("the SDK's webhook events", () => {
  it("name every event the server can deliver, aliases included", () => {
    expect([...WEBHOOK_EVENT_NAMES].sort()).toEqual([...CANONICAL_EVENTS, ...Object.keys(EVENT_ALIASES)].sort());
  });
});
