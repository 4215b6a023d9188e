import { z } from "zod";
import { E164, phoneNumberSchema } from "./phone";
import { keyEnvironmentSchema } from "./api-keys";
import { timestampSchema } from "./common";
import { moneySchema } from "./money";
import { sendAtSchema } from "./send-at";

export const MAX_BODY_LENGTH = 1600;
export const MAX_BULK_MESSAGES = 1000;

export const senderSchema = z
  .string()
  .refine((v) => /^[A-Za-z0-9]{1,11}$/.test(v) || E164.test(v), {
    message: "Use 1 to 11 letters and digits, or an E.164 number.",
  })
  .meta({ example: "Acme" });

export const messageBodySchema = z
  .string()
  .min(1, "The message body is empty.")
  .max(MAX_BODY_LENGTH, `At most ${MAX_BODY_LENGTH} characters.`);

/** Contract §15: seconds a live message may wait for its carrier, 1 to 36,000 (default 14,400). */
export const validityPeriodSchema = z.number().int().min(1).max(36_000).meta({
  description:
    "Seconds after acceptance (or `sendAt`) the message may still be handed to a carrier; past it, it fails with errorCode `expired` and is not billed. 1 to 36,000; default 14,400.",
  example: 600,
});

export const sendSmsInput = z
  .strictObject({
    to: phoneNumberSchema,
    body: messageBodySchema,
    from: senderSchema
      .optional()
      .meta({ description: "Sender label or number; the organization's default sender (`SG` if unset) when omitted." }),
    sendAt: sendAtSchema.optional(),
    validityPeriod: validityPeriodSchema.optional(),
  })
  .meta({ id: "SendSmsRequest" });

/** Items are only shape-checked here; each is validated on its own so one bad item rejects only itself. */
export const bulkSmsInput = z
  .strictObject({
    messages: z
      .array(z.strictObject({ to: z.string(), body: z.string(), validityPeriod: validityPeriodSchema.optional() }))
      .min(1, "Send at least one message.")
      .max(MAX_BULK_MESSAGES, `At most ${MAX_BULK_MESSAGES} messages per request.`),
    from: senderSchema.optional(),
    sendAt: sendAtSchema.optional().meta({ description: "Schedules the whole request (contract §11)." }),
  })
  .meta({ id: "BulkSmsRequest" });

export const MESSAGE_STATUSES = [
  "QUEUED",
  "SENT",
  "DELIVERED",
  "FAILED",
  "UNDELIVERED",
  "RECEIVED",
  "SCHEDULED",
  "CANCELED",
] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

export const messageIdParam = z.string().min(1).max(64);

export const SMS_ENCODINGS = ["GSM-7", "UCS-2"] as const;
const messageIdSchema = z.string().meta({ example: "msg_0Q3fJ7a2Xc9vB1nM4kLp8sTz" });
const segmentsSchema = z
  .number()
  .int()
  .meta({ description: "Billable parts (GSM 03.38: GSM-7 160 / 153 per part, UCS-2 70 / 67)." });

/** contract §8: a live message's price at acceptance; sandbox messages and FAILED ones cost nothing. */
export const priceSchema = moneySchema.meta({
  description:
    'Live: `segments` × the destination\'s price per segment at acceptance; `"0.0000"` in the sandbox and once a ' +
    "message ends `FAILED` (not billed).",
  example: "0.0079",
});
export const priceUnitSchema = z.literal("USD");

/** contract §5: 202 of `POST /sms/send`. */
export const sendSmsResponse = z
  .object({
    messageId: messageIdSchema,
    status: z.enum(["QUEUED", "SCHEDULED"]).meta({ description: "`SCHEDULED` when the request had a `sendAt`." }),
    to: z.string(),
    from: z.string(),
    body: z.string(),
    segments: segmentsSchema,
    encoding: z.enum(SMS_ENCODINGS),
    price: priceSchema,
    priceUnit: priceUnitSchema,
    environment: keyEnvironmentSchema.meta({ description: "`test` for sandbox keys: nothing leaves the service." }),
    createdAt: timestampSchema,
    sendAt: timestampSchema.optional().meta({ description: "Scheduled sends only: when it is due (contract §11)." }),
  })
  .meta({ id: "SentSms" });
export type SendSmsResponse = z.infer<typeof sendSmsResponse>;

/** contract §5: 202 of `POST /sms/bulk`. Invalid items are reported by index; the others are accepted. */
export const bulkSmsResponse = z
  .object({
    batchId: z.string().meta({ example: "bat_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    accepted: z.number().int(),
    rejected: z.number().int(),
    messages: z.array(
      z.object({
        index: z.number().int().meta({ description: "Position in the request's `messages`." }),
        messageId: messageIdSchema,
        to: z.string(),
        status: z.enum(["QUEUED", "SCHEDULED"]),
      }),
    ),
    errors: z.array(
      z.object({
        index: z.number().int().meta({ description: "Position in the request's `messages`." }),
        code: z
          .enum([
            "invalid_request",
            "invalid_phone_number",
            "country_not_allowed",
            "recipient_opted_out",
            "spending_limit_reached",
            "queue_full",
          ])
          .meta({ example: "invalid_phone_number" }),
        message: z.string(),
      }),
    ),
    sendAt: timestampSchema
      .optional()
      .meta({ description: "Scheduled requests only: when they are due (contract §11)." }),
  })
  .meta({ id: "BulkSmsResult" });
export type BulkSmsResponse = z.infer<typeof bulkSmsResponse>;

export const messageStatusResponse = z
  .object({
    messageId: z.string(),
    status: messageStatusSchema,
    to: z.string(),
    from: z.string(),
    segments: z.number().int(),
    price: priceSchema,
    priceUnit: priceUnitSchema,
    environment: keyEnvironmentSchema,
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    errorCode: z.string().nullable().meta({ description: "Set for FAILED and UNDELIVERED, e.g. `invalid_number`." }),
    errorMessage: z.string().nullable(),
    body: z.string().optional().meta({ description: "Sandbox (`test`) messages and inbound messages only." }),
    direction: z
      .literal("inbound")
      .optional()
      .meta({ description: "Inbound messages only (contract §10): `from` sent it to `to`, one of your numbers." }),
    receivedAt: z.string().optional().meta({ description: "Inbound messages only: when it was received." }),
    sendAt: z.string().optional().meta({ description: "Scheduled sends only (contract §11): when it is due." }),
    canceledAt: z.string().optional().meta({ description: "CANCELED messages only: when it was canceled." }),
  })
  .meta({ id: "MessageStatus" });
