import { z } from "zod";
import { keyEnvironmentSchema } from "./api-keys";
import { listCursorSchema, timestampSchema } from "./common";
import { moneySchema } from "./money";
import { messageStatusSchema, SMS_ENCODINGS, type MESSAGE_STATUSES } from "./messages";

// What the dashboard reads about messages and OTP codes. Client-safe: the tRPC procedures parse
// their answers through these schemas (so a new column never leaks by accident) and the pages
// import the same types and constants.

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Statuses a message never leaves (contract §5): the dashboard stops polling at these. */
export const FINAL_MESSAGE_STATUSES: readonly MessageStatus[] = [
  "DELIVERED",
  "FAILED",
  "UNDELIVERED",
  "RECEIVED",
  "CANCELED",
];
export const isFinalStatus = (status: MessageStatus) => FINAL_MESSAGE_STATUSES.includes(status);

/**
 * A recipient filter: a whole E.164 number or its beginning (`+1415`). Spaces, dashes, dots and
 * brackets are dropped and a missing `+` is added, so a number pasted from anywhere still matches.
 * Only `+` and digits survive, so nothing in it can act as a LIKE wildcard.
 */
export const recipientFilterSchema = z
  .string()
  .transform((v) => v.replace(/[\s().-]/g, ""))
  .transform((v) => (v && !v.startsWith("+") ? `+${v}` : v))
  .pipe(z.string().regex(/^\+[0-9]{1,15}$/, "Type a phone number or its beginning, e.g. +1415."));

/**
 * The Messages search box, one field for three questions: a message id (`msg_…`, exact), a number or
 * its beginning (`+1415…`), or the last digits of a number (`5550001` finds +15005550001; at least 3).
 * Separators are dropped as for the recipient filter.
 */
export const messageSearchSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v, ctx) => {
    if (/^msg_[A-Za-z0-9]{1,60}$/.test(v)) return { kind: "id" as const, id: v };
    const compact = v.replace(/[\s().-]/g, "");
    if (/^\+[0-9]{1,15}$/.test(compact)) return { kind: "number" as const, prefix: compact };
    if (/^[0-9]{3,15}$/.test(compact)) return { kind: "lastDigits" as const, digits: compact };
    ctx.addIssue({
      code: "custom",
      message: "Search by a message id (msg_…), a number (+1415…) or its last digits (at least 3).",
    });
    return z.NEVER;
  });
export type MessageSearch = z.output<typeof messageSearchSchema>;

const limitSchema = z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
/** tRPC's infinite queries add this to the input; paging only goes forward, so it is ignored. */
const directionSchema = z.enum(["forward", "backward"]).optional();

/** `from` is inclusive, `until` exclusive (the UI passes the day after the last day it shows). */
export const listMessagesInput = z
  .strictObject({
    status: messageStatusSchema.optional(),
    environment: keyEnvironmentSchema.optional(),
    to: recipientFilterSchema.optional(),
    search: messageSearchSchema.optional(),
    from: z.date().optional(),
    until: z.date().optional(),
    cursor: listCursorSchema.optional(),
    direction: directionSchema,
    limit: limitSchema,
  })
  .refine((v) => !v.from || !v.until || v.from < v.until, {
    message: "The end of the date range is before its start.",
    path: ["until"],
  });
export type ListMessagesInput = z.input<typeof listMessagesInput>;
export type ListMessagesFilters = z.output<typeof listMessagesInput>;

/**
 * How a message entered the service: a single API send, a bulk batch, an OTP, this dashboard, from
 * a phone (inbound, contract §10), or the automatic answer to a STOP, START or HELP keyword.
 */
export const MESSAGE_ORIGINS = [
  "api",
  "bulk",
  "otp",
  "dashboard",
  "campaign_test",
  "inbound",
  "auto_reply_stop",
  "auto_reply_start",
  "auto_reply_help",
] as const;

export const messageListItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  status: messageStatusSchema,
  /** Inbound: `from` is the phone that sent it, `to` the organization's number. */
  direction: z.enum(["outbound", "inbound"]),
  environment: keyEnvironmentSchema,
  segments: z.number().int(),
  encoding: z.enum(SMS_ENCODINGS),
  /** contract §8: live, segments × the country's price at acceptance; "0.0000" in the sandbox and once FAILED. */
  price: moneySchema,
  origin: z.enum(MESSAGE_ORIGINS),
  errorCode: z.string().nullable(),
  createdAt: timestampSchema,
  /** The body's beginning, for the list; null when the viewer may not read it (or on the detail). */
  snippet: z.string().nullable().default(null),
  /** The name of the API key that sent it (its id is `apiKeyId` on the detail). */
  apiKeyName: z.string().nullable().default(null),
});
export type MessageListItem = z.infer<typeof messageListItemSchema>;

export const messagePageSchema = z.object({
  items: z.array(messageListItemSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const timelineEntrySchema = z.object({ status: messageStatusSchema, at: timestampSchema });
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const messageDetailSchema = messageListItemSchema.extend({
  /** Null when `bodyHidden` (a live message shown to a role that may not read live bodies). */
  body: z.string().nullable(),
  bodyHidden: z.boolean(),
  errorMessage: z.string().nullable(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  apiKeyId: z.string().nullable(),
  batchId: z.string().nullable(),
  otpId: z.string().nullable(),
  sentAt: timestampSchema.nullable(),
  deliveredAt: timestampSchema.nullable(),
  failedAt: timestampSchema.nullable(),
  /** Scheduled sends (contract §11): when it is due; null for immediate sends. */
  sendAt: timestampSchema.nullable(),
  canceledAt: timestampSchema.nullable(),
  /** The sender pool `from` was chosen from (contract §15); null when sent without one. */
  poolId: z.string().nullable().default(null),
  /** The transitions so far, oldest first. */
  timeline: z.array(timelineEntrySchema),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const OTP_STATUSES = ["PENDING", "APPROVED", "EXPIRED", "MAX_ATTEMPTS", "CANCELED"] as const;
export const otpStatusSchema = z.enum(OTP_STATUSES);
export type OtpStatus = z.infer<typeof otpStatusSchema>;

export const listOtpCodesInput = z.strictObject({
  status: otpStatusSchema.optional(),
  environment: keyEnvironmentSchema.optional(),
  to: recipientFilterSchema.optional(),
  cursor: listCursorSchema.optional(),
  direction: directionSchema,
  limit: limitSchema,
});
export type ListOtpCodesInput = z.input<typeof listOtpCodesInput>;
export type ListOtpCodesFilters = z.output<typeof listOtpCodesInput>;

/** An OTP code's activity. There is no field for the code or its hash, so parsing drops them. */
export const otpListItemSchema = z.object({
  id: z.string(),
  to: z.string(),
  environment: keyEnvironmentSchema,
  /** EXPIRED once `expiresAt` has passed, even before the expiry job has marked the row. */
  status: otpStatusSchema,
  length: z.number().int(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  messageId: z.string(),
  expiresAt: timestampSchema,
  verifiedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
});
export type OtpListItem = z.infer<typeof otpListItemSchema>;

export const otpPageSchema = z.object({
  items: z.array(otpListItemSchema),
  nextCursor: z.string().nullable(),
});
export type OtpPage = z.infer<typeof otpPageSchema>;
