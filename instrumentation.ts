// Runs once when the server process starts, before it serves a request: the process that owns the
// database applies migrations, then starts the in-process job runner (when Inngest is not used).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureMigrated } = await import("./server/db/client");
  const result = await ensureMigrated();
  if (result.applied.length > 0) console.log(`[db] applied migrations: ${result.applied.join(", ")}`);
}
