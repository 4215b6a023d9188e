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

export const carriersPaths: PathModule = {
  tag: {
    name: "Carrier callbacks",
    description:
      "Called by SMS providers, not by you: delivery reports for `sg_live_` messages. Authenticated by the " +
      "provider's own signature.",
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
  },
};
