import { z } from "zod";
import { E164, phoneNumberSchema } from "./phone";
import { keyEnvironmentSchema } from "./api-keys";

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

export const sendSmsInput = z
  .strictObject({ to: phoneNumberSchema, body: messageBodySchema, from: senderSchema.optional() })
  .meta({ id: "SendSmsRequest" });

/** Items are only shape-checked here; each is validated on its own so one bad item rejects only itself. */
export const bulkSmsInput = z
  .strictObject({
    messages: z
      .array(z.strictObject({ to: z.string(), body: z.string() }))
      .min(1, "Send at least one message.")
      .max(MAX_BULK_MESSAGES, `At most ${MAX_BULK_MESSAGES} messages per request.`),
    from: senderSchema.optional(),
  })
  .meta({ id: "BulkSmsRequest" });

export const MESSAGE_STATUSES = ["QUEUED", "SENT", "DELIVERED", "FAILED", "UNDELIVERED"] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);

export const messageIdParam = z.string().min(1).max(64);

export const messageStatusResponse = z
  .object({
    messageId: z.string(),
    status: messageStatusSchema,
    to: z.string(),
    from: z.string(),
    segments: z.number().int(),
    environment: keyEnvironmentSchema,
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    errorCode: z.string().nullable(),
    errorMessage: z.string().nullable(),
    body: z.string().optional(),
  })
  .meta({ id: "MessageStatus" });
