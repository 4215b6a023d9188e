import { formatMoney } from "@/schemas/money";
import type { Message } from "../db/generated/client";
import { shownOtpBody, type BodyAccess } from "./body-access";
import {
  messageDetailSchema,
  messageListItemSchema,
  type MessageDetail,
  type MessageListItem,
  type TimelineEntry,
} from "@/schemas/message-views";

/** The columns a list row needs: the body (up to 1,600 characters) stays in the database. */
export const MESSAGE_LIST_SELECT = {
  id: true,
  to: true,
  from: true,
  status: true,
  direction: true,
  environment: true,
  segments: true,
  encoding: true,
  priceUnits: true,
  apiKeyId: true,
  batchId: true,
  otpId: true,
  errorCode: true,
  createdAt: true,
  autoReply: true,
} as const;

type ListRow = Pick<Message, keyof typeof MESSAGE_LIST_SELECT>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function originOf(m: ListRow): MessageListItem["origin"] {
  if (m.direction === "inbound") return "inbound";
  if (m.otpId) return "otp";
  if (m.batchId) return "bulk";
  if (m.autoReply === "stop" || m.autoReply === "start" || m.autoReply === "help") return `auto_reply_${m.autoReply}`;
  if (m.autoReply === "campaign_test") return "campaign_test";
  return m.apiKeyId ? "api" : "dashboard";
}

export function toMessageListItem(m: ListRow): MessageListItem {
  const { priceUnits, autoReply: _autoReply, ...rest } = m;
  return messageListItemSchema.parse({
    ...rest,
    price: formatMoney(Number(priceUnits)),
    origin: originOf(m),
    createdAt: m.createdAt.toISOString(),
  });
}

/**
 * The transitions so far, from the stored times. `failedAt` is the time of either failure: FAILED
 * (refused before sending) or UNDELIVERED (sent, then no delivery), which the status tells apart.
 */
export function messageTimeline(m: Message): TimelineEntry[] {
  if (m.direction === "inbound") return [{ status: "RECEIVED", at: m.createdAt.toISOString() }];
  const entries: TimelineEntry[] = [];
  if (m.sendAt) {
    // Scheduled (contract §11): accepted as SCHEDULED, QUEUED when it was due, unless canceled first.
    entries.push({ status: "SCHEDULED", at: m.createdAt.toISOString() });
    if (m.canceledAt) return [...entries, { status: "CANCELED", at: m.canceledAt.toISOString() }];
    if (m.status !== "SCHEDULED") entries.push({ status: "QUEUED", at: m.sendAt.toISOString() });
  } else {
    entries.push({ status: "QUEUED", at: m.createdAt.toISOString() });
  }
  if (m.sentAt) entries.push({ status: "SENT", at: m.sentAt.toISOString() });
  if (m.deliveredAt) entries.push({ status: "DELIVERED", at: m.deliveredAt.toISOString() });
  if (m.failedAt)
    entries.push({ status: m.status === "UNDELIVERED" ? "UNDELIVERED" : "FAILED", at: m.failedAt.toISOString() });
  return entries;
}

/**
 * One message for the dashboard. Sandbox bodies are shown to everyone who may read messages (they
 * are test data, as in the REST status endpoint); live bodies only when `canReadLiveBody`; an OTP
 * message's code only when `canReadOtpCodes`.
 */
export function toMessageDetail(m: Message, access: BodyAccess): MessageDetail {
  const bodyHidden = m.environment === "live" && !access.canReadLiveBody;
  return messageDetailSchema.parse({
    ...toMessageListItem(m),
    body: bodyHidden ? null : shownOtpBody(m.body, m.otpId, access.canReadOtpCodes),
    bodyHidden,
    errorMessage: m.errorMessage,
    provider: m.provider,
    providerMessageId: m.providerMessageId,
    apiKeyId: m.apiKeyId,
    batchId: m.batchId,
    otpId: m.otpId,
    sentAt: iso(m.sentAt),
    deliveredAt: iso(m.deliveredAt),
    failedAt: iso(m.failedAt),
    sendAt: iso(m.sendAt),
    canceledAt: iso(m.canceledAt),
    poolId: m.poolId,
    timeline: messageTimeline(m),
  });
}
