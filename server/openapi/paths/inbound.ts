import { inboundSettingsResponse, simulateInboundInput, updateInboundSettingsInput } from "@/schemas/inbound";
import { messageStatusResponse } from "@/schemas/messages";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §10. The same options as app/api/v1/{sms/inbound,developer/inbound-settings}/route.ts pass to apiRoute().
const KEYWORDS =
  "**Keywords** (the whole message, trimmed, in any case): `STOP`, `STOPALL`, `UNSUBSCRIBE`, `CANCEL`, `END`, " +
  "`QUIT`, `REVOKE`, `OPTOUT` opt the sender out (source `keyword`, event `contact.opted_out`) and answer " +
  "`stopReply`; `START`, `UNSTOP`, `YES` opt it back in (`contact.opted_in`) and answer `startReply`; `HELP`, " +
  "`INFO` answer `helpReply`. Replies are ordinary outbound messages from the receiving number, billed like any " +
  "live message; the STOP confirmation is the one message an opted-out number still gets.";

export const inboundPaths: PathModule = {
  tag: {
    name: "Inbound",
    description:
      'Messages phones send to your numbers: stored as messages with `direction: "inbound"` and status ' +
      "`RECEIVED` (in `GET /api/v1/sms` and the status endpoint, with their body), announced as `message.received` " +
      "webhooks with the body, and the STOP/START/HELP keywords handled for you.",
  },
  paths: {
    "/api/v1/sms/inbound": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.send",
        body: simulateInboundInput,
        bodyExample: { from: "+14155550123", body: "Is my order on its way?" },
        operationId: "simulateInbound",
        summary: "Simulate an inbound message (sandbox)",
        description: [
          "Sandbox keys (`sg_test_…`) only; a live key answers 403 `forbidden`. Injects a message as if `from` " +
            "had texted `to` (by default your first number, or `+15005550006` if you have none): it is stored as a " +
            "sandbox inbound message, `message.received` is sent to your webhooks, and keywords act as they would " +
            "live (a simulated STOP really opts `from` out; replies are sandbox messages).",
          KEYWORDS,
        ].join("\n\n"),
        success: { status: 201, description: "The stored inbound message.", schema: messageStatusResponse },
        errors: ["invalid_phone_number", "forbidden"],
      }),
    },
    "/api/v1/developer/inbound-settings": {
      get: operation({
        auth: "jwt",
        allow: "inbound.read",
        operationId: "getInboundSettings",
        summary: "Get keyword settings",
        description: [
          "Whether keywords are handled, and the reply texts (the service's defaults until you change them). " +
            "Every member reads them; owners, admins and developers change them.",
          KEYWORDS,
        ].join("\n\n"),
        success: { status: 200, description: "The settings.", schema: inboundSettingsResponse },
      }),
      patch: operation({
        auth: "jwt",
        allow: "inbound.manage",
        body: updateInboundSettingsInput,
        bodyExample: { helpReply: "Acme support: help@acme.example. Reply STOP to opt out." },
        operationId: "updateInboundSettings",
        summary: "Change keyword settings",
        description:
          "Any subset of `keywordsEnabled` and the three reply texts (at most 320 characters; an empty text sends " +
          "no reply). With `keywordsEnabled: false` keywords are stored as ordinary inbound messages: no opt-out " +
          "changes and no replies (handle them yourself from `message.received`). Each change is written to the " +
          "audit log.",
        success: { status: 200, description: "The settings after the change.", schema: inboundSettingsResponse },
      }),
    },
  },
};
