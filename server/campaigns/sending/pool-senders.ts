import type { RawTx } from "../../db/driver-transaction";
import type { NewMessage } from "../../messages/insert-messages";
import { noSenderForCountryError, resolvePoolSenders } from "../../sender-pools/resolve-pool";

/**
 * A campaign `from` a sender pool (contract §15): each recipient's sender, chosen for the batch at
 * once in its transaction. Those the pool cannot serve come back apart, with the reason in words.
 */
export async function sendersFromPool<T extends { message: NewMessage }>(
  tx: RawTx,
  organizationId: string,
  environment: "live" | "test",
  poolId: string,
  drafted: readonly T[],
  now: Date,
): Promise<{ served: T[]; unserved: (T & { detail: string })[] }> {
  const recipients = drafted.map(({ message: m }) => ({ to: m.to, country: m.country ?? null, segments: m.segments }));
  const { senders } = await resolvePoolSenders(tx, organizationId, environment, poolId, recipients, now);
  const served: T[] = [];
  const unserved: (T & { detail: string })[] = [];
  drafted.forEach((d, i) => {
    const chosen = senders[i];
    if (chosen) served.push({ ...d, message: { ...d.message, from: chosen, poolId } });
    else unserved.push({ ...d, detail: noSenderForCountryError(d.message.to, d.message.country ?? null).message });
  });
  return { served, unserved };
}
