import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type IdPrefix =
  | "org"
  | "usr"
  | "mem"
  | "rtf"
  | "rt"
  | "evt"
  | "job"
  | "key"
  | "wh"
  | "dlv"
  | "msg"
  | "bat"
  | "otp"
  | "req"
  | "inv"
  | "rcp"
  | "aud"
  | "ct"
  | "imp"
  | "mo"
  | "ses"
  | "tok"
  | "eml"
  | "fblk"
  | "fatt"
  | "rc"
  | "cmp"
  | "alr"
  /** An error reference: in an item set aside by a runner and in the log line with its stack. */
  | "err";

// CSPRNG bytes drawn 4 KiB at a time: a bulk send makes thousands of ids, and one randomBytes call
// per id was a fifth of its CPU. Each byte is used once, so ids stay as unpredictable as before.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let poolOffset = 0;

function nextRandomByte(): number {
  if (poolOffset === POOL_SIZE) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

const CODES = Uint8Array.from(ALPHABET, (ch) => ch.charCodeAt(0));
let scratch = Buffer.alloc(64);

/** Uniform random base62 string from a CSPRNG (rejection sampling, so no modulo bias). */
export function randomBase62(length: number): string {
  if (scratch.length < length) scratch = Buffer.alloc(length);
  let n = 0;
  while (n < length) {
    const byte = nextRandomByte();
    if (byte < 248) scratch[n++] = CODES[byte % 62]!;
  }
  // Characters are written as bytes and read back at once: no string built one character at a time.
  return scratch.toString("latin1", 0, length);
}

export function base62Fixed(value: number, width: number): string {
  let out = "";
  let v = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

// Ids made in the same millisecond share their time part: it is encoded once per millisecond.
let encodedAt = -1;
let encodedTime = "";

/**
 * Type-prefixed id whose first characters encode the creation time, so ids sort by creation
 * order and serve directly as pagination cursors. 8 chars of milliseconds (good until year 8000)
 * and 16 random chars (~95 bits).
 */
export function newId(prefix: IdPrefix): string {
  const now = Date.now();
  if (now !== encodedAt) {
    encodedAt = now;
    encodedTime = base62Fixed(now, 8);
  }
  return `${prefix}_${encodedTime}${randomBase62(16)}`;
}

/** An id as newId would have made it at `at`: for rows created with a time of their own (seeds, imports). */
export function newIdAt(prefix: IdPrefix, at: Date): string {
  return `${smallestIdAt(prefix, at)}${randomBase62(16)}`;
}

/**
 * The smallest id of `prefix` made at or after `at`: every id made earlier sorts below it, every
 * id made at `at` or later sorts at or above it (compared bytewise, as the id columns' COLLATE "C"
 * does). So `id < smallestIdAt(prefix, cutoff)` is "created before cutoff", answered by walking
 * the primary key: ids carry their creation time, the key is the time index.
 */
export function smallestIdAt(prefix: IdPrefix | "att", at: Date): string {
  const ms = at.getTime();
  if (!Number.isFinite(ms) || ms < 0) throw new Error(`smallestIdAt: invalid time ${String(at)}`);
  return `${prefix}_${base62Fixed(Math.floor(ms), 8)}`;
}
