import { logger } from "../../logger";
import { applyStoredReceipts } from "./apply-stored";
import { storeCarrierReceipts } from "./store";
import type { CarrierReceiptInput } from "./types";

/**
 * Take receipts from a carrier: stored durably first (resolves once committed: the carrier may be
 * acknowledged), then applied at once when their messages are SENT. Applying is best effort here:
 * what cannot be applied yet (the message is still being handed off) is applied by the pipeline's
 * next round, so a failure to apply never fails the receipt.
 */
export async function recordCarrierReceipts(receipts: readonly CarrierReceiptInput[], now = new Date()): Promise<void> {
  const ids = await storeCarrierReceipts(receipts, now);
  await applyStoredReceipts(now, ids, ids.length).catch((err: unknown) =>
    logger.warn("carrier receipts stored; applying them is left to the pipeline", { error: (err as Error).message }),
  );
}

/**
 * Receipts arrive one per deliver_sm, often hundreds a second: this gathers those that arrive
 * within `windowMs` (or `maxBatch` of them) and records them in one round trip, answering each
 * caller when its batch is stored.
 */
export class ReceiptBatcher {
  private pending: { receipt: CarrierReceiptInput; done: (err?: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly record: (receipts: readonly CarrierReceiptInput[]) => Promise<void> = recordCarrierReceipts,
    private readonly windowMs = 5,
    private readonly maxBatch = 500,
  ) {}

  add(receipt: CarrierReceiptInput): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ receipt, done: (err) => (err === undefined ? resolve() : reject(err as Error)) });
      if (this.pending.length >= this.maxBatch) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    this.record(batch.map((p) => p.receipt)).then(
      () => batch.forEach((p) => p.done()),
      (err: unknown) => batch.forEach((p) => p.done(err ?? new Error("receipts not stored"))),
    );
  }
}
