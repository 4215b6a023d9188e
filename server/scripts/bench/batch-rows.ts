// The messages of the bench's bulk requests, read directly from the table. Nothing in the product
// looks messages up by batch, so batch_id has no index: each query also bounds the primary key
// from below by the smallest id the responses named (ids start with their creation time, and the
// bench's PostgreSQL sorts them bytewise, see with-postgres.mjs), which keeps it to the rows of
// this run instead of a scan of every message of the bench.

export interface BatchRows {
  batchIds: string[];
  /** The smallest message id of those batches. */
  since: string;
}

/** `$1` the batch ids, `$2` the lower bound. */
export const BATCH_ROWS_WHERE = "id >= $2 AND batch_id = ANY($1::text[])";

export const batchRowsParams = (of: BatchRows): unknown[] => [of.batchIds, of.since];

/** Collects the answers of POST /sms/bulk (each lists its accepted message ids). */
export class BatchCollector {
  private readonly ids: string[] = [];
  private smallest: string | undefined;

  add(response: { batchId: string; messages: { messageId: string }[] }): void {
    this.ids.push(response.batchId);
    for (const { messageId } of response.messages) {
      if (this.smallest === undefined || messageId < this.smallest) this.smallest = messageId;
    }
  }

  rows(): BatchRows {
    if (this.smallest === undefined) throw new Error("no bulk request accepted a message");
    return { batchIds: this.ids, since: this.smallest };
  }
}
