import { z } from "zod";
import {
  bulkSmsInput,
  bulkSmsResponse,
  messageStatusResponse,
  sendSmsInput,
  sendSmsResponse,
} from "@/schemas/messages";
import { otpSendInput, otpSendResponse, otpVerifyInput, otpVerifyResponse } from "@/schemas/otp";
import { operation } from "../operation";
import type { PathModule } from "./types";

/*
 * The routes exist and authenticate, check scope, rate-limit and validate for real, then answer 501
 * (server/http/not-implemented.ts). The success shapes are contract §5's, for when the pipeline ships;
 * every description says so, and `not_implemented` is listed, so the document does not promise more.
 */
const NOT_YET =
  "**Not available yet:** answers 501 `not_implemented` after authentication and validation succeed. " +
  "The response below is the contract's shape for when it ships.";

const SANDBOX =
  "With a sandbox key (`sg_test_…`) nothing leaves the service and messages move QUEUED → SENT → DELIVERED " +
  "within seconds, except for these recipients: `+15005550001` FAILED (`invalid_number`), `+15005550002` " +
  "UNDELIVERED (`carrier_rejected`), `+15005550003` stays SENT.";

const describe = (...parts: string[]) => parts.join("\n\n");

const messageIdParams = z.object({
  messageId: z.string().meta({
    description: "The `messageId` returned when the message was sent.",
    example: "msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  }),
});

export const smsPaths: PathModule = {
  tag: {
    name: "SMS",
    description:
      "Send text messages and follow their delivery, with an API key. Statuses: QUEUED → SENT → DELIVERED, " +
      "QUEUED → FAILED, SENT → UNDELIVERED.",
  },
  paths: {
    "/api/v1/sms/send": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.send",
        body: sendSmsInput,
        idempotent: true,
        operationId: "sendSms",
        summary: "Send an SMS",
        description: describe(
          NOT_YET,
          "`to` is an E.164 number; `body` is 1 to 1,600 characters, split into segments per GSM 03.38 " +
            "(GSM-7: 160 characters alone, 153 per part; UCS-2: 70 / 67). `from` is 1 to 11 letters and digits " +
            "or an E.164 number.",
          SANDBOX,
        ),
        success: { status: 202, description: "The message was queued.", schema: sendSmsResponse },
        errors: ["invalid_phone_number", "not_implemented"],
      }),
    },
    "/api/v1/sms/bulk": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        rateLimit: "sms.bulk",
        body: bulkSmsInput,
        idempotent: true,
        operationId: "sendBulkSms",
        summary: "Send up to 1,000 SMS in one request",
        description: describe(
          NOT_YET,
          "Each item is validated on its own: invalid items are reported in `errors` by their index and the " +
            "valid ones are still accepted. A body that is not this shape (or has no or more than 1,000 " +
            "messages) answers 400.",
        ),
        success: { status: 202, description: "The valid messages were queued.", schema: bulkSmsResponse },
        errors: ["not_implemented"],
      }),
    },
    "/api/v1/sms/{messageId}/status": {
      get: operation({
        auth: "apiKey",
        scope: "sms.read",
        rateLimit: "messages.read",
        params: messageIdParams,
        operationId: "getMessageStatus",
        summary: "Get a message's delivery status",
        description: describe(
          NOT_YET,
          "The current status and the time of each transition. `body` is included for sandbox messages only.",
        ),
        success: { status: 200, description: "The message's status.", schema: messageStatusResponse },
        errors: ["not_implemented"],
      }),
    },
  },
};

export const otpPaths: PathModule = {
  tag: {
    name: "OTP",
    description:
      "One-time codes sent by SMS and verified by the service. Codes are random, stored only as a keyed hash, " +
      "and never returned or logged.",
  },
  paths: {
    "/api/v1/otp/send": {
      post: operation({
        auth: "apiKey",
        scope: "otp.send",
        rateLimit: "otp.send",
        body: otpSendInput,
        idempotent: true,
        operationId: "sendOtp",
        summary: "Send a one-time code",
        description: describe(
          NOT_YET,
          "Sends a `length`-digit code (4 to 10, default 6) valid for `expiresIn` seconds (60 to 3600, default " +
            "300) through the SMS pipeline. A new send to the same number cancels its pending code. At most 5 " +
            "sends per recipient per organization in 10 minutes (429 `rate_limited`).",
        ),
        success: { status: 202, description: "The code was generated and its SMS queued.", schema: otpSendResponse },
        errors: ["invalid_phone_number", "not_implemented"],
      }),
    },
    "/api/v1/otp/verify": {
      post: operation({
        auth: "apiKey",
        scope: "otp.verify",
        rateLimit: "otp.verify",
        body: otpVerifyInput,
        operationId: "verifyOtp",
        summary: "Check a one-time code",
        description: describe(
          NOT_YET,
          "A wrong code is still a 200: `valid: false` with the status and the attempts left. A code verifies " +
            "once; after 5 wrong attempts it is `MAX_ATTEMPTS`, after its expiry `EXPIRED`.",
        ),
        success: { status: 200, description: "The outcome of the check.", schema: otpVerifyResponse },
        errors: ["invalid_phone_number", "not_implemented"],
      }),
    },
  },
};
