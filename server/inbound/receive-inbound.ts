import type { Db, DbOrTx } from "../db/client";
import { logger } from "../logger";
import { newIdAt } from "../ids";
import { insertMessages, type NewMessage } from "../messages/insert-messages";
import { nudgeMessagePipeline } from "../messages/pipeline/worker";
import { priceMessage } from "../billing/price-message";
import { deleteOptOut, writeOptOut } from "../contacts/opt-outs/write-opt-outs";
import { countSegments } from "@/schemas/segments";
import { keywordOf, keywordWord, type InboundSettings, type KeywordFamily } from "@/schemas/inbound";
import { inboundSettingsOf } from "./settings";
import { storeInboundMessages, type AnsweredDelivery, type InboundInput, type StoredInbound } from "./store-inbound";

export type { InboundInput, StoredInbound } from "./store-inbound";

type Keyworded = { input: InboundInput; stored: Extract<StoredInbound, { outcome: "stored" }>; family: KeywordFamily };

const REPLY_OF: Record<KeywordFamily, keyof Omit<InboundSettings, "keywordsEnabled">> = {
  stop: "stopReply",
  start: "startReply",
  help: "helpReply",
};

/**
 * Keywords of stored inbound messages (contract §10), in the transaction that stored them: STOP
 * opts the sender out (source `keyword`), START opts it back in, HELP changes nothing; each then
 * answers with the organization's reply text, an ordinary outbound message from the receiving
 * number, priced and charged like any (its spend limit and allowed countries apply; a refused
 * reply is logged and not sent). Replies skip the opt-out check: the STOP confirmation goes to
 * the number that has just opted out. Opt-outs are written in organization order, so two batches
 * naming the same organizations take their opt-out locks in the same order.
 */
async function handleKeywords(tx: DbOrTx, items: Keyworded[], now: Date): Promise<number> {
  const settings = await inboundSettingsOf(tx, [...new Set(items.map((k) => k.stored.organizationId))]);
  const ordered = [...items].sort((a, b) =>
    a.stored.organizationId < b.stored.organizationId ? -1 : a.stored.organizationId > b.stored.organizationId ? 1 : 0,
  );
  const replies: (NewMessage & { createdAt: Date })[] = [];
  for (const { input, stored, family } of ordered) {
    const s = settings.get(stored.organizationId)!;
    if (!s.keywordsEnabled) continue;
    if (family === "stop") {
      await writeOptOut(tx, stored.organizationId, input.from, "keyword", stored.receivedAt, keywordWord(input.body));
    }
    if (family === "start") await deleteOptOut(tx, stored.organizationId, input.from, "keyword", stored.receivedAt);
    const body = s[REPLY_OF[family]];
    if (!body) continue;
    const { encoding, segments } = countSegments(body);
    // The reply is created after its trigger, never in the same millisecond or before it (a carrier's
    // receive time can be ahead of ours): ids and created_at order a conversation, so the answer to
    // HELP must sort after HELP.
    const at = new Date(Math.max(now.getTime(), stored.receivedAt.getTime() + 1));
    replies.push({
      id: newIdAt("msg", at),
      createdAt: at,
      organizationId: stored.organizationId,
      apiKeyId: null,
      batchId: null,
      otpId: null,
      environment: input.environment,
      to: input.from,
      from: input.to,
      body,
      segments,
      encoding,
      ...priceMessage(input.environment, input.from, segments),
      skipOptOutCheck: true,
      autoReply: family,
    });
  }
  const outcome = await insertMessages(tx, replies, now);
  outcome.forEach((refusal, i) => {
    if (refusal) {
      logger.warn("keyword reply refused", {
        organizationId: replies[i]!.organizationId,
        messageId: replies[i]!.id,
        refusal,
      });
    }
  });
  return outcome.filter((o) => o === null).length;
}

/**
 * Receive inbound messages (contract §10), from any source (SMPP, Twilio, the sandbox): each is
 * stored with its `message.received` event, and keywords are handled, all in one transaction, so a
 * STOP's opt-out, its event and its confirmation commit with the message or not at all. Messages
 * to a number no organization owns are logged and dropped. Answers per input what became of it.
 */
export async function receiveInboundMessages(
  db: Db,
  inputs: readonly InboundInput[],
  now = new Date(),
  /** SMPP deliveries answered meanwhile (storeInboundMessages). */
  answered: readonly AnsweredDelivery[] = [],
): Promise<StoredInbound[]> {
  let replies = 0;
  const stored = inputs.every((m) => keywordOf(m.body) === null)
    ? // No keyword: one statement, atomic on its own.
      await storeInboundMessages(null, inputs, now, answered)
    : await db.$transaction(async (tx) => {
        const result = await receiveInboundInTransaction(tx, inputs, now, answered);
        replies = result.replies;
        return result.stored;
      });
  afterReceiving(inputs, stored, replies);
  return stored;
}

/**
 * receiveInboundMessages inside the caller's transaction (SMPP parts: the assembled message
 * commits with the deletion of its parts). The caller calls afterReceiving once it has committed.
 */
export async function receiveInboundInTransaction(
  tx: DbOrTx,
  inputs: readonly InboundInput[],
  now: Date,
  answered: readonly AnsweredDelivery[] = [],
): Promise<{ stored: StoredInbound[]; replies: number }> {
  const stored = await storeInboundMessages(tx, inputs, now, answered);
  const keyworded = stored.flatMap((s, i) => {
    const family = keywordOf(inputs[i]!.body);
    return s.outcome === "stored" && family ? [{ input: inputs[i]!, stored: s, family }] : [];
  });
  const replies = keyworded.length > 0 ? await handleKeywords(tx, keyworded, now) : 0;
  return { stored, replies };
}

/** After the commit: log what was dropped, wake the pipeline for keyword replies. */
export function afterReceiving(inputs: readonly InboundInput[], stored: readonly StoredInbound[], replies: number) {
  stored.forEach((s, i) => {
    if (s.outcome === "unknown_number") {
      logger.warn("inbound message to a number no organization owns: dropped", {
        to: inputs[i]!.to,
        provider: inputs[i]!.provider,
      });
    }
  });
  if (replies > 0) nudgeMessagePipeline();
}

/** One inbound message; see receiveInboundMessages. */
export async function receiveInboundMessage(db: Db, input: InboundInput, now = new Date()): Promise<StoredInbound> {
  return (await receiveInboundMessages(db, [input], now))[0]!;
}
