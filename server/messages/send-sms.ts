import { rememberMessageTraces } from "../tracing/spans";
import type { Db, DbOrTx } from "../db/client";
import { assertCarrierAvailable } from "../carriers/registry";
import type { RecordResponse } from "../idempotency/record";
import { newIdAt } from "../ids";
import { sendSmsResponse, type SendSmsResponse } from "@/schemas/messages";
import { countSegments } from "@/schemas/segments";
import type { z } from "zod";
import type { sendSmsInput } from "@/schemas/messages";
import { insertMessageBatched } from "./insert-batcher";
import { insertMessages, type NewMessage } from "./insert-messages";
import { nudgeMessagePipeline } from "./pipeline/worker";
import type { MessageSender } from "./sender";
import { getSenderProfile } from "./sender-profile";
import { priceMessage, refusalError } from "../billing/price-message";
import { formatMoney } from "@/schemas/money";
import { parseSendAt } from "./send-at";
import { queueFullError } from "./queue-full";
import type { Refusal } from "./insert-messages";
import { isPoolId } from "@/schemas/sender-pools";
import { noSenderForCountryError, resolvePoolSenders } from "../sender-pools/resolve-pool";
import type { PoolRecipient } from "../sender-pools/select-sender";

/** A full sender queue answers with that sender's own wait (Retry-After); the rest as billing says. */
async function refusalOf(refusal: Refusal, message: NewMessage, country: string | null) {
  if (refusal === "queue_full") return queueFullError(message.organizationId, message.from, message.segments);
  return refusalError(refusal, message.to, country);
}

/** A send through a sender pool (contract §15): the sender it picks for this recipient. */
async function senderFromPool(
  db: Db,
  sender: MessageSender,
  poolId: string,
  recipient: PoolRecipient,
  now: Date,
): Promise<{ from: string; poolId: string }> {
  const choice = await resolvePoolSenders(db, sender.organizationId, sender.environment, poolId, [recipient], now);
  const from = choice.senders[0];
  if (!from) throw noSenderForCountryError(recipient.to, recipient.country);
  return { from, poolId };
}

export type SendSmsInput = z.output<typeof sendSmsInput>;

export interface SendOptions {
  now?: Date;
  /** Idempotency: store the response in the same transaction as the message. */
  record?: RecordResponse;
  /**
   * Rows that belong with the message, written in its transaction once it is accepted (a campaign's
   * test send: its tracked links). A refused message writes nothing, and neither does this.
   */
  alongside?: (tx: DbOrTx, messageId: string) => Promise<void>;
  /** A campaign's test send: labelled so in Messages, not "Dashboard test" (issue 39). */
  campaignTest?: boolean;
}

/**
 * Accept one SMS (contract §5): the QUEUED message and its `message.queued` event are written in
 * one statement, then this process's pipeline is woken to hand it to the carrier. Live messages
 * are refused with 503 before anything is written while no provider is configured; the statement
 * refuses a recipient outside the allowed countries (400) and a live message past the monthly spend
 * limit (402), contract §8. With `sendAt` (contract §11) the same statement accepts it as SCHEDULED
 * (priced, charged and counted now) and the due-scan queues it later.
 */
export async function sendSms(
  db: Db,
  sender: MessageSender,
  input: SendSmsInput,
  options: SendOptions = {},
): Promise<SendSmsResponse> {
  assertCarrierAvailable(sender.environment);
  const now = options.now ?? new Date();
  const sendAt = parseSendAt(input.sendAt, now);
  const named = input.from ?? (await getSenderProfile(db, sender.organizationId)).defaultSender;
  const { encoding, segments } = countSegments(input.body);
  const { country, priceUnits } = priceMessage(sender.environment, input.to, segments);
  const { from, poolId } = isPoolId(named)
    ? await senderFromPool(db, sender, named, { to: input.to, country, segments }, now)
    : { from: named, poolId: null };
  const message: NewMessage = {
    id: newIdAt("msg", now),
    organizationId: sender.organizationId,
    apiKeyId: sender.apiKeyId,
    batchId: null,
    otpId: null,
    environment: sender.environment,
    to: input.to,
    from,
    body: input.body,
    segments,
    encoding,
    priceUnits,
    country,
    sendAt,
    validityPeriod: input.validityPeriod,
    poolId,
    ...(options.campaignTest && { autoReply: "campaign_test" as const }),
  };
  const response = sendSmsResponse.parse({
    messageId: message.id,
    status: sendAt ? "SCHEDULED" : "QUEUED",
    to: message.to,
    from,
    body: message.body,
    segments,
    encoding,
    price: formatMoney(priceUnits),
    priceUnit: "USD",
    environment: sender.environment,
    createdAt: now.toISOString(),
    ...(sendAt && { sendAt: sendAt.toISOString() }),
    ...(poolId && { poolId }),
  });
  if (options.record || options.alongside) {
    const { record, alongside } = options;
    await db.$transaction(async (tx) => {
      const [refusal] = await insertMessages(tx, [message], now);
      // Thrown inside the transaction: the idempotency record is not kept either.
      if (refusal) throw await refusalOf(refusal, message, country);
      await alongside?.(tx, message.id);
      await record?.(tx, response);
    });
  } else {
    // No response to record with it: written together with concurrent sends (group commit).
    const refusal = await insertMessageBatched(message, now);
    if (refusal) throw await refusalOf(refusal, message, country);
  }
  rememberMessageTraces([message.id]);
  nudgeMessagePipeline();
  return response;
}
