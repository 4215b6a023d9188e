import { MicroBatcher } from "../db/micro-batch";
import { insertMessages, type NewMessage, type Refusal } from "./insert-messages";

type Timed = NewMessage & { createdAt: Date };

const batcher = new MicroBatcher<Timed, Refusal | null>(
  (messages) => insertMessages(null, messages, messages[0]!.createdAt),
  async (message) => (await insertMessages(null, [message], message.createdAt))[0]!,
);

/**
 * Group commit for single sends (db/micro-batch.ts): concurrent sends are written in one
 * statement, each row with its own creation time and its `message.queued` event. The promise
 * settles once the row and its event are committed, with null, or with why the organization's
 * billing rules refused it (then nothing was written).
 */
export function insertMessageBatched(message: NewMessage, createdAt: Date): Promise<Refusal | null> {
  return batcher.add({ ...message, createdAt });
}
