import { spawn } from "node:child_process";
import path from "node:path";
import { closeDb, ensureMigrated } from "../db/client";
import { resetEnvForTests } from "../env";
import { seedDataDir } from "./pglite-snapshot";

/**
 * Run a fixture script (server/test/fixtures) as its own process until it prints its one JSON
 * line, then SIGKILL it: a server dying mid-work. On PGlite (`dataDir` given) this process lets go
 * of its database first (one process per directory) and opens the directory the dead one left
 * behind afterwards, like a restart.
 */
export async function runThenKill<T>(
  fixture: string,
  args: string[],
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Kill only once this holds (polled after the line came), e.g. "the SMSC has 5 submits". */
    until?: () => boolean;
  } = {},
): Promise<T> {
  const { dataDir } = options;
  if (dataDir) {
    await closeDb();
    await seedDataDir(dataDir);
  }
  // node itself with tsx as a loader (not the tsx binary, which would run the script in a
  // grandchild that SIGKILL does not reach).
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/fixtures", fixture), ...args], {
    env: {
      ...process.env,
      ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: "" } : {}),
      LOG_LEVEL: "silent",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on("exit", (code) => reject(new Error(`${fixture} exited with ${code} before reporting: ${out}`)));
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const until = options.until;
  if (until) {
    const deadline = Date.now() + 30_000;
    while (!until() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  }
  child.kill("SIGKILL");
  await exited;
  if (dataDir) {
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = "";
    resetEnvForTests();
    await ensureMigrated();
  }
  return JSON.parse(line) as T;
}

/** Poll `check` every 25 ms until it holds, or fail after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
