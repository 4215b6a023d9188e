// Runs once when the server process starts, before it serves a request: validate configuration,
// let the process that owns the database apply migrations, then start the in-process job runner
// (when Inngest is not used), this process's message pipeline and webhook worker. Under
// server/serve.mjs the outcome goes to its start-up report (server/lifecycle.ts): serve.mjs listens
// only after success, and on failure prints the reason and exits non-zero. serve.mjs calls the
// shutdown hook on SIGTERM/SIGINT.
export async function register(): Promise<void> {
  // This exact form lets the bundler drop the import from the edge build.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./server/register-node");
    await registerNode();
  }
}
