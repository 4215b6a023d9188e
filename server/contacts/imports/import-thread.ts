import { Worker } from "node:worker_threads";
import type { Converted, ConvertTask } from "./convert-rows";
import type { ParsedCsv } from "./parse-csv";
import type { ImportMapping } from "@/schemas/contact-imports";
import { deserializeError, type ImportTask, type SerializedError } from "./import-task";

// Contact imports' CPU work runs on a worker thread of its own (issue 37 §4): parsing a 10 MiB CSV
// and checking its rows held the event loop in slices of up to ~300 ms, and every request of the
// process waited behind them. One thread per process, started on first use and left idle (unref'd)
// between tasks; tasks queue on it in order. A thread that dies fails the tasks it held and is
// started again for the next one: a failed upload answers an error, a failed batch is retried.

type Reply =
  { id: number; ok: true; value: unknown; threadId: number } | { id: number; ok: false; error: SerializedError };

let thread: Worker | undefined;
let lastThreadId: number | undefined;
let nextId = 0;
const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();

function failAll(err: Error): void {
  for (const { reject } of pending.values()) reject(err);
  pending.clear();
}

/**
 * Next.js (Turbopack, `next build` and `next dev`) bundles the worker's entry as a worker of its
 * own: the `new Worker(new URL(…), …)` form is what it recognizes, so it stays literally so.
 * Unbundled under vitest the sources are TypeScript, which Node 20 cannot load in a worker by
 * itself (`--import tsx` in a worker's execArgv does not apply to its entry): the worker registers
 * tsx first, then imports the entry.
 */
function spawnWorker(): Worker {
  // The one form of import.meta the bundler resolves to a file of its own (the lint rule's exception).
  // eslint-disable-next-line no-restricted-syntax
  if (!process.env.VITEST) return new Worker(new URL("./import-worker.ts", import.meta.url));
  // Unbundled only (vitest): import.meta.url is this source file's URL.
  // eslint-disable-next-line no-restricted-syntax
  const entry = JSON.stringify(import.meta.url.replace(/import-thread\.ts$/, "import-worker.ts"));
  return new Worker(`import("tsx/esm/api").then(({ register }) => { register(); return import(${entry}); })`, {
    eval: true,
  });
}

function importThread(): Worker {
  if (thread) return thread;
  const worker = spawnWorker();
  worker.on("message", (reply: Reply) => {
    const task = pending.get(reply.id);
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (!task) return;
    if (reply.ok) {
      lastThreadId = reply.threadId;
      task.resolve(reply.value);
    } else task.reject(deserializeError(reply.error));
  });
  const lost = (err: Error) => {
    if (thread === worker) thread = undefined;
    failAll(err);
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`The import thread stopped (exit code ${code}).`)));
  worker.unref();
  thread = worker;
  return worker;
}

function run<T>(task: ImportTask): Promise<T> {
  const worker = importThread();
  const id = nextId++;
  worker.ref();
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    worker.postMessage({ id, task });
  });
}

/** parseImportCsv (parse-csv.ts) on the import thread. */
export function parseInImportThread(csv: Buffer, mapping?: ImportMapping): Promise<ParsedCsv> {
  return run({ kind: "parse", csv, mapping });
}

/** convertRows (convert-rows.ts) on the import thread. */
export function convertInImportThread(convert: ConvertTask): Promise<Converted> {
  return run({ kind: "convert", convert });
}

/** The thread that did the last task's work, by its own account (tests: never the caller's). */
export function lastImportThreadId(): number | undefined {
  return lastThreadId;
}
