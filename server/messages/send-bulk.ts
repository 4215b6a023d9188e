import { rememberMessageTraces } from "../tracing/spans";
import type { Db } from "../db/client";
import { assertCarrierAvailable } from "../carriers/registry";
import { withRecordedResponse } from "../idempotency/record";
import { newBatch } from "./batch-ids";
import { bulkSmsResponse, messageBodySchema, type BulkSmsResponse } from "@/schemas/messages";
import { validatePhoneNumber } from "@/schemas/phone";
import { countSegments } from "@/schemas/segments";
import type { z } from "zod";
import type { bulkSmsInput } from "@/schemas/messages";
import { insertMessages, type NewMessage } from "./insert-messages";
import { nudgeMessagePipeline } from "./pipeline/worker";
import type { SendOptions } from "./send-sms";
import type { MessageSender } from "./sender";
import { getSenderProfile } from "./sender-profile";
import { priceMessage, refusalError } from "../billing/price-message";
import { parseSendAt } from "./send-at";
import { isPoolId } from "@/schemas/sender-pools";
import { noSenderForCountryError, resolvePoolSenders } from "../sender-pools/resolve-pool";

export type BulkSmsInput = z.output<typeof bulkSmsInput>;

type ItemError = BulkSmsResponse["errors"][number];

function validateItem(item: { to: string; body: string }, index: number): ItemError | null {
  const phone = validatePhoneNumber(item.to);
  if (!phone.ok) return { index, code: "invalid_phone_number", message: phone.message };
  const body = messageBodySchema.safeParse(item.body);
  if (!body.success)
    return { index, code: "invalid_request", message: body.error.issues[0]?.message ?? "Invalid body." };
  return null;
}

/**
 * A bulk through a sender pool (contract §15): one sender per item, chosen for the whole request
 * at once; an item the pool cannot serve is refused by index (`no_sender_for_country`).
 */
async function sendersFromPool<R extends NewMessage & { index: number }>(
  db: Db,
  sender: MessageSender,
  poolId: string,
  rows: R[],
  now: Date,
): Promise<{ rows: R[]; errors: ItemError[] }> {
  const recipients = rows.map((r) => ({ to: r.to, country: r.country ?? null, segments: r.segments }));
  const { senders } = await resolvePoolSenders(db, sender.organizationId, sender.environment, poolId, recipients, now);
  const errors: ItemError[] = [];
  const served = rows.flatMap((r, i) => {
    const chosen = senders[i];
    if (chosen) return [{ ...r, from: chosen, poolId }];
    const { message } = noSenderForCountryError(r.to, r.country ?? null);
    errors.push({ index: r.index, code: "no_sender_for_country", message });
    return [];
  });
  return { rows: served, errors };
}

/**
 * Accept up to 1,000 messages (contract §5). Each item is validated on its own: invalid ones are
 * reported by index and the valid ones are accepted, all rows and their events in one statement,
 * which also refuses, by index, recipients outside the allowed countries and live items past the
 * monthly spend limit (contract §8): one check for the whole request, not one per item.
 */
export async function sendBulkSms(
  db: Db,
  sender: MessageSender,
  input: BulkSmsInput,
  options: SendOptions = {},
): Promise<BulkSmsResponse> {
  assertCarrierAvailable(sender.environment);
  const now = options.now ?? new Date();
  // One sendAt for the whole request (contract §11): outside the window, nothing is accepted.
  const sendAt = parseSendAt(input.sendAt, now);
  const from = input.from ?? (await getSenderProfile(db, sender.organizationId)).defaultSender;
  // The batch id names its messages' id range (batch-ids.ts): no index on batch_id is needed.
  const batch = newBatch(now);
  const batchId = batch.batchId;
  const errors: ItemError[] = [];
  const rows: (NewMessage & { index: number })[] = [];
  input.messages.forEach((item, index) => {
    const error = validateItem(item, index);
    if (error) {
      errors.push(error);
      return;
    }
    const { encoding, segments } = countSegments(item.body);
    rows.push({
      index,
      id: batch.newMessageId(),
      organizationId: sender.organizationId,
      apiKeyId: sender.apiKeyId,
      batchId,
      otpId: null,
      environment: sender.environment,
      to: item.to,
      from,
      body: item.body,
      segments,
      encoding,
      ...priceMessage(sender.environment, item.to, segments),
      sendAt,
      validityPeriod: item.validityPeriod,
    });
  });
  if (isPoolId(from)) {
    const pooled = await sendersFromPool(db, sender, from, rows, now);
    rows.splice(0, rows.length, ...pooled.rows);
    errors.push(...pooled.errors);
  }
  let accepted = 0;
  const response = await withRecordedResponse(db, options.record, async (tx) => {
    // Items in index order: the spend limit takes them in that order until it is reached.
    const outcome = await insertMessages(tx, rows, now);
    const queued = rows.filter((_, i) => outcome[i] === null);
    accepted = queued.length;
    const refused: ItemError[] = rows.flatMap((r, i) => {
      const refusal = outcome[i];
      return refusal
        ? [{ index: r.index, code: refusal, message: refusalError(refusal, r.to, r.country ?? null).message }]
        : [];
    });
    return bulkSmsResponse.parse({
      batchId,
      accepted: queued.length,
      rejected: errors.length + refused.length,
      messages: queued.map((r) => ({
        index: r.index,
        messageId: r.id,
        to: r.to,
        status: sendAt ? "SCHEDULED" : "QUEUED",
      })),
      errors: [...errors, ...refused].sort((a, b) => a.index - b.index),
      ...(sendAt && { sendAt: sendAt.toISOString() }),
    });
  });
  if (accepted > 0) {
    rememberMessageTraces(response.messages.map((m) => m.messageId));
    nudgeMessagePipeline();
  }
  return response;
}
