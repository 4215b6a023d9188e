import { failImport, ImportNotUploaded, processImportBatch } from "../../contacts/imports/process-import";
import { defineJob } from "../define-job";

const RETRIES = 4;
/** How long a run waits for its upload's chunks before it counts as a failed attempt. */
const UPLOAD_WAIT_MS = 30_000;

/**
 * Contacts CSV import (contract §10): batch after batch from the import's checkpoint. Each batch
 * commits its rows and the checkpoint together, so a retried or restarted run resumes, never repeats.
 * The last attempt that fails ends the import FAILED with the reason: an import is never left
 * PENDING or RUNNING with no job behind it.
 */
export const importContactsJob = defineJob({
  id: "import-contacts",
  event: "contacts/import.created",
  retries: RETRIES,
  handler: async ({ event, db, attempt }) => {
    let batches = 0;
    try {
      for (const waitUntil = Date.now() + UPLOAD_WAIT_MS; ;) {
        try {
          while (await processImportBatch(db, event.data.importId)) batches++;
          break;
        } catch (err) {
          // The POST is still writing the chunks (it committed the job first): wait a moment.
          if (!(err instanceof ImportNotUploaded) || Date.now() > waitUntil) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    } catch (err) {
      if (attempt < RETRIES) throw err;
      const reason = `The import stopped after ${attempt + 1} attempts: ${err instanceof Error ? err.message : String(err)}`;
      await failImport(db, event.data.importId, reason);
      return { batches, failed: true };
    }
    return { batches };
  },
});
