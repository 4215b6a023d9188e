// The import thread's entry (a worker_threads worker, started by import-thread.ts): the CPU work
// of contact imports, off the thread that answers requests. In the production build Turbopack
// bundles this file as a worker of its own (the `new Worker(new URL(…), …)` in import-thread.ts).
import { parentPort, threadId } from "node:worker_threads";
import { convertRows } from "./convert-rows";
import { parseImportCsv } from "./parse-csv";
import { serializeError, type ImportTask } from "./import-task";

async function answer(message: { id: number; task: ImportTask }): Promise<void> {
  try {
    const { task } = message;
    const value =
      task.kind === "parse" ? await parseImportCsv(Buffer.from(task.csv), task.mapping) : convertRows(task.convert);
    parentPort!.postMessage({ id: message.id, ok: true, value, threadId });
  } catch (err) {
    parentPort!.postMessage({ id: message.id, ok: false, error: serializeError(err) });
  }
}

parentPort!.on("message", (message: { id: number; task: ImportTask }) => void answer(message));
