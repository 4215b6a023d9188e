import { allowsAlphanumericSender } from "./alphanumeric-countries";

/** What selection needs of a pool (contract §15). */
export interface PoolSettings {
  alphanumericSenderId: string | null;
  stickySender: boolean;
  geoMatch: boolean;
}

/** One of the pool's numbers, as the batch found it. */
export interface PoolNumber {
  number: string;
  /** ISO 3166-1 alpha-2 from libphonenumber; null for a short code. */
  country: string | null;
  /** Segments waiting in the number's live queue (sender_queues.queued_segments). */
  queuedSegments: number;
  /** When the number's queue last moved (ms since the epoch; 0 = never): the tie-break. */
  lastUsedAt: number;
}

export interface PoolRecipient {
  to: string;
  country: string | null;
  segments: number;
}

/** The NANP area code of a +1 number (its three digits after the country code), else null. */
export function nanpAreaCode(e164: string): string | null {
  return e164.startsWith("+1") && e164.length === 12 ? e164.slice(2, 5) : null;
}

/**
 * Picks a sender per recipient, in order (contract §15): (1) sticky, the pool number that last
 * sent to the recipient (`sticky`: recipient → number, within 30 days, already looked up); (2)
 * geo-match, a number of the recipient's country, one of its NANP area code first; (3) the
 * alphanumeric sender ID where the country allows one; (4) the least loaded number (ties: the least
 * recently used). Null where the pool cannot serve the recipient. Pure: the load of each choice is
 * added as it is made, so a bulk spreads over the pool instead of piling onto the idlest number.
 */
export function selectPoolSenders(
  pool: PoolSettings,
  numbers: readonly PoolNumber[],
  recipients: readonly PoolRecipient[],
  sticky: ReadonlyMap<string, string>,
): (string | null)[] {
  const load = new Map(numbers.map((n) => [n.number, n.queuedSegments]));
  // Numbers chosen in this batch count as just used, in order, after every earlier use.
  const used = new Map(numbers.map((n) => [n.number, n.lastUsedAt]));
  let clock = Math.max(0, ...numbers.map((n) => n.lastUsedAt));
  const leastLoaded = (candidates: readonly PoolNumber[]): PoolNumber | undefined => {
    let best: PoolNumber | undefined;
    for (const n of candidates) {
      if (!best) best = n;
      else {
        const dl = load.get(n.number)! - load.get(best.number)!;
        if (dl < 0 || (dl === 0 && used.get(n.number)! < used.get(best.number)!)) best = n;
      }
    }
    return best;
  };
  const inPool = new Set(numbers.map((n) => n.number));
  return recipients.map((r) => {
    const chosen = choose(r);
    if (chosen !== null && inPool.has(chosen)) {
      load.set(chosen, load.get(chosen)! + r.segments);
      used.set(chosen, ++clock);
    }
    return chosen;
  });

  function choose(r: PoolRecipient): string | null {
    const stuck = pool.stickySender ? sticky.get(r.to) : undefined;
    if (stuck !== undefined && inPool.has(stuck)) return stuck;
    if (pool.geoMatch && r.country) {
      const local = numbers.filter((n) => n.country === r.country);
      const area = nanpAreaCode(r.to);
      const sameArea = area ? local.filter((n) => nanpAreaCode(n.number) === area) : [];
      const geo = leastLoaded(sameArea) ?? leastLoaded(local);
      if (geo) return geo.number;
    }
    if (pool.alphanumericSenderId && allowsAlphanumericSender(r.country)) return pool.alphanumericSenderId;
    return leastLoaded(numbers)?.number ?? null;
  }
}
