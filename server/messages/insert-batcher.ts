import { insertMessages, type NewMessage } from "./insert-messages";

/** Most single sends written by one statement. */
const MAX_BATCH = 200;

interface Pending {
  message: NewMessage & { createdAt: Date };
  done: (err?: unknown) => void;
}

let pending: Pending[] = [];
let scheduled = false;

/**
 * Group commit for single sends: the messages of the requests that reach this point in the same
 * turn of the event loop (concurrent requests in this process) are written in one statement, so
 * fifty concurrent sends cost one round trip and one commit instead of fifty. Nothing waits for a
 * batch to fill: a lone send is written on the next turn. Each caller's promise settles once its
 * row and event are committed; a failed statement is retried one message at a time, so a message
 * only ever fails for its own reason.
 */
export function insertMessageBatched(message: NewMessage, createdAt: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    pending.push({ message: { ...message, createdAt }, done: (err) => (err === undefined ? resolve() : reject(err)) });
    if (pending.length >= MAX_BATCH) void flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(() => void flush());
    }
  });
}

async function flush(): Promise<void> {
  scheduled = false;
  const batch = pending;
  pending = [];
  if (batch.length === 0) return;
  try {
    await insertMessages(
      null,
      batch.map((p) => p.message),
      batch[0]!.message.createdAt,
    );
    for (const p of batch) p.done();
  } catch (err) {
    if (batch.length === 1) return batch[0]!.done(err ?? new Error("insert failed"));
    for (const p of batch) {
      await insertMessages(null, [p.message], p.message.createdAt).then(
        () => p.done(),
        (one: unknown) => p.done(one ?? new Error("insert failed")),
      );
    }
  }
}
