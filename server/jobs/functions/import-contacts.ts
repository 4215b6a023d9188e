import { failImport, ImportNotUploaded, processImportBatch } from "../../contacts/imports/process-import";
import { isTransientDatabaseError } from "../../db/unavailable";
import { isolateItem } from "../../isolation/isolate-item";
import { reasonOf } from "../../isolation/item-failure";
import { defineJob } from "../define-job";

const RETRIES = 4;
/** How long a run waits for its upload's chunks before it counts as a failed attempt. */
const UPLOAD_WAIT_MS = 30_000;

/**
 * Contacts CSV import (contract §10): batch after batch from the import's checkpoint. Each batch
 * commits its rows and the checkpoint together, so a retried or restarted run resumes, never repeats.
 *
 * An import that fails on its own account (server/isolation/: anything but a transient database
 * error) ends FAILED at once, with the reason and the reference of the logged error. A transient
 * database error is retried, and the last attempt that fails ends the import FAILED too: an import
 * is never left PENDING or RUNNING with no job behind it.
 */
export const importContactsJob = defineJob({
  id: "import-contacts",
  event: "contacts/import.created",
  retries: RETRIES,
  handler: async ({ event, db, attempt }) => {
    const { importId } = event.data;
    let batches = 0;
    const run = async () => {
      for (const waitUntil = Date.now() + UPLOAD_WAIT_MS; ;) {
        try {
          while (await processImportBatch(db, importId)) batches++;
          return;
        } catch (err) {
          // The POST is still writing the chunks (it committed the job first): wait a moment.
          if (!(err instanceof ImportNotUploaded) || Date.now() > waitUntil) throw err;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    };
    try {
      const outcome = await isolateItem({ runner: "contact-imports", kind: "import", id: importId }, run, (failure) =>
        failImport(db, importId, reasonOf(failure, "The import stopped")),
      );
      return outcome.ok ? { batches } : { batches, failed: true };
    } catch (err) {
      if (!isTransientDatabaseError(err) || attempt < RETRIES) throw err;
      const reason = `The import stopped after ${attempt + 1} attempts: ${err instanceof Error ? err.message : String(err)}`;
      await failImport(db, importId, reason);
      return { batches, failed: true };
    }
  },
});
