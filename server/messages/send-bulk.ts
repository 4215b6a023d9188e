import type { Db } from "../db/client";
import { assertCarrierAvailable } from "../carriers/registry";
import { withRecordedResponse } from "../idempotency/record";
import { newId } from "../ids";
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
 * Accept up to 1,000 messages (contract §5). Each item is validated on its own: invalid ones are
 * reported by index and the valid ones are accepted, all rows and their events in one statement.
 */
export async function sendBulkSms(
  db: Db,
  sender: MessageSender,
  input: BulkSmsInput,
  options: SendOptions = {},
): Promise<BulkSmsResponse> {
  assertCarrierAvailable(sender.environment);
  const now = options.now ?? new Date();
  const from = input.from ?? (await getSenderProfile(db, sender.organizationId)).defaultSender;
  const batchId = newId("bat");
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
      id: newId("msg"),
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
    });
  });
  const response = bulkSmsResponse.parse({
    batchId,
    accepted: rows.length,
    rejected: errors.length,
    messages: rows.map((r) => ({ index: r.index, messageId: r.id, to: r.to, status: "QUEUED" })),
    errors,
  });
  await withRecordedResponse(db, options.record, async (tx) => {
    await insertMessages(tx, rows, now);
    return response;
  });
  if (rows.length > 0) nudgeMessagePipeline();
  return response;
}
