import { ImportRecords, processImportBatch } from "../../contacts/imports/process-import";
import { defineJob } from "../define-job";

/**
 * Contacts CSV import (contract §10): batch after batch from the import's checkpoint. Each batch
 * commits its rows and the checkpoint together, so a retried or restarted run resumes, never repeats.
 */
export const importContactsJob = defineJob({
  id: "import-contacts",
  event: "contacts/import.created",
  retries: 4,
  handler: async ({ event, db }) => {
    let batches = 0;
    const parsed = new ImportRecords();
    while (await processImportBatch(db, event.data.importId, undefined, parsed)) batches++;
    return { batches };
  },
});
