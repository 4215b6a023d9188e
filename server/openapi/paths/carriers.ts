import { z } from "zod";
import { operation } from "../operation";
import type { PathModule } from "./types";

const twilioCallbackForm = z
  .object({
    MessageSid: z.string().meta({ description: "Twilio's message sid (our `providerMessageId`)." }),
    MessageStatus: z.string().meta({ description: "queued, sending, sent, delivered, undelivered, failed, …" }),
    ErrorCode: z.string().optional().meta({ description: "Twilio's error code for undelivered/failed." }),
  })
  .catchall(z.string())
  .meta({ id: "TwilioStatusCallback" });

const twilioInboundForm = z
  .object({
    MessageSid: z.string().meta({ description: "Twilio's message sid: a second delivery of it is stored once." }),
    From: z.string().meta({ description: "The phone that sent the message." }),
    To: z.string().meta({ description: "The receiving number; the organization that owns it gets the message." }),
    Body: z.string().optional().meta({ description: "The text." }),
  })
  .catchall(z.string())
  .meta({ id: "TwilioIncomingMessage" });

export const carriersPaths: PathModule = {
  tag: {
    name: "Carrier callbacks",
    description:
      "Called by SMS providers, not by you: delivery reports for `sg_live_` messages and messages phones send " +
      "to your numbers. Authenticated by the provider's own signature.",
  },
  paths: {
    "/api/v1/carriers/twilio/status": {
      post: {
        ...operation({
          operationId: "twilioStatusCallback",
          summary: "Twilio status callback",
          description:
            "The `StatusCallback` URL sent with every message handed to Twilio (`PUBLIC_BASE_URL` + this path, with " +
            "`sg_message_id` in the query). `X-Twilio-Signature` (HMAC-SHA1 of the full URL and the sorted form " +
            "parameters, keyed with the auth token) is checked before anything else: a bad one is 403 and changes " +
            "nothing. `delivered` → DELIVERED, `undelivered` → UNDELIVERED, `failed` → FAILED (Twilio's error code " +
            "kept as `twilio_<code>`); other statuses change nothing. Replays change nothing. 404 when Twilio is not " +
            "a configured provider.",
          auth: "none",
          success: { status: 204, description: "The report was taken." },
          errors: ["invalid_request", "forbidden", "not_found", "payload_too_large", "unsupported_media_type"],
        }),
        requestBody: {
          required: true,
          content: { "application/x-www-form-urlencoded": { schema: twilioCallbackForm } },
        },
      },
    },
    "/api/v1/carriers/twilio/inbound": {
      post: {
        ...operation({
          operationId: "twilioInboundWebhook",
          summary: "Twilio incoming-message webhook",
          description:
            "Set `PUBLIC_BASE_URL` + this path as the messaging webhook of your Twilio numbers. `X-Twilio-Signature` " +
            "is checked before anything else: a bad one is 403 and stores nothing. The message is stored for the " +
            "organization that owns `To` (inbound, `RECEIVED`, `message.received` with the body, keywords handled) " +
            "and answered with an empty TwiML `<Response/>`; a message to a number no organization owns is logged " +
            "and dropped, answered the same. A redelivery of the same `MessageSid` is stored once. 404 when Twilio " +
            "is not a configured provider.",
          auth: "none",
          success: {
            status: 200,
            description: "Taken; nothing to say back through Twilio.",
            schema: z.string().meta({ example: '<?xml version="1.0" encoding="UTF-8"?><Response/>' }),
            mediaType: "text/xml",
          },
          errors: ["invalid_request", "forbidden", "not_found", "payload_too_large", "unsupported_media_type"],
        }),
        requestBody: {
          required: true,
          content: { "application/x-www-form-urlencoded": { schema: twilioInboundForm } },
        },
      },
    },
  },
};
