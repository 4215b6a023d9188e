import { base62Fixed, randomBase62, smallestIdAt } from "../ids";

/**
 * A bulk's messages are found through the primary key, not an index of their own (issue 40): the
 * batch id names their id range. A batch id is `bat_<time><shared><random>` and each of its
 * messages is `msg_<time><shared><random>`, with the same 8 characters of time and the same 8
 * random characters (`shared`), so all of them, and only them, lie in
 * [`msg_<time><shared>`, `msg_<time><shared>~`) ('~' sorts after every base62 character). The
 * last 8 characters count up from a random start (about 47 bits), so a bulk's ids sort in the
 * order of its items: a sender's paced queue hands them over in order of acceptance (contract §15).
 * The ids keep their length and sort by creation time, as every id does (server/ids.ts).
 */
export interface Batch {
  batchId: string;
  /** A new id for one of the batch's messages. */
  newMessageId(): string;
}

const TIME_CHARS = 8;
const SHARED_CHARS = 8;
const BATCH_ID = /^bat_[0-9A-Za-z]{24}$/;
const SUFFIX_SPACE = 62 ** 8;

export function newBatch(now: Date): Batch {
  const time = smallestIdAt("bat", now).slice("bat_".length);
  const shared = randomBase62(SHARED_CHARS);
  // Room for a million items above the start, whatever it is.
  let next = Math.floor(Math.random() * (SUFFIX_SPACE - 1_000_000));
  return {
    batchId: `bat_${time}${shared}${randomBase62(8)}`,
    newMessageId: () => `msg_${time}${shared}${base62Fixed(next++, 8)}`,
  };
}

/** An id range, lower bound included, upper excluded (ids compare bytewise: COLLATE "C"). */
export interface IdBounds {
  gte: string;
  lt: string;
}

/** The id range of a batch's messages, or null for a string that is no batch id. */
export function batchMessageRange(batchId: string): IdBounds | null {
  if (!BATCH_ID.test(batchId)) return null;
  const prefix = `msg_${batchId.slice(4, 4 + TIME_CHARS + SHARED_CHARS)}`;
  return { gte: prefix, lt: `${prefix}~` };
}

/** How long before its batch id a bulk accepted before batch ids named a range made its message ids. */
const LEGACY_WINDOW_MS = 60_000;

/**
 * Batches accepted before this scheme (their messages' ids are random after the time): every
 * message of such a bulk was made at the request's start, at most a moment before its batch id, so
 * they lie in the minute before it. Read with `batch_id` as a filter, through the same key.
 */
export function legacyBatchMessageRange(batchId: string): IdBounds | null {
  if (!BATCH_ID.test(batchId)) return null;
  const at = decodeTime(batchId.slice(4, 4 + TIME_CHARS));
  return {
    gte: smallestIdAt("msg", new Date(Math.max(0, at - LEGACY_WINDOW_MS))),
    lt: smallestIdAt("msg", new Date(at + 1)),
  };
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function decodeTime(chars: string): number {
  let ms = 0;
  for (const ch of chars) ms = ms * 62 + ALPHABET.indexOf(ch);
  return ms;
}
