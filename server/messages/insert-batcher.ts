import { MicroBatcher } from "../db/micro-batch";
import { insertMessages, type NewMessage } from "./insert-messages";

type Timed = NewMessage & { createdAt: Date };

const batcher = new MicroBatcher<Timed, void>(
  async (messages) => {
    await insertMessages(null, messages, messages[0]!.createdAt);
    return messages.map(() => undefined);
  },
  (message) => insertMessages(null, [message], message.createdAt),
);

/**
 * Group commit for single sends (db/micro-batch.ts): concurrent sends are written in one
 * statement, each row with its own creation time and its `message.queued` event. The promise
 * settles once the row and its event are committed.
 */
export function insertMessageBatched(message: NewMessage, createdAt: Date): Promise<void> {
  return batcher.add({ ...message, createdAt });
}
