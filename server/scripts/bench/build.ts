import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// What `next build` compiles: a change here after the last build makes that build stale. Tests,
// scripts (this bench included) and migrations are not part of the build.
const SOURCE_DIRS = ["app", "server", "schemas", "components"];
const SOURCE_FILES = ["next.config.ts", "instrumentation.ts", "package.json", "package-lock.json", "tsconfig.json"];
const SKIP = /(^|\/)(node_modules|\.next|scripts|generated)(\/|$)|\.test\.tsx?$/;

function newestIn(dir: string): { file: string; mtimeMs: number } | undefined {
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (SKIP.test(file)) continue;
    const found = entry.isDirectory() ? newestIn(file) : { file, mtimeMs: statSync(file).mtimeMs };
    if (found && (!newest || found.mtimeMs > newest.mtimeMs)) newest = found;
  }
  return newest;
}

/** Why the production build in .next cannot be used as it is, or undefined when it can. */
export function buildProblem(): string | undefined {
  if (!existsSync(".next/BUILD_ID")) return "no production build in .next";
  if (!["empty", "key-noop", "key-limited"].every((r) => existsSync(`.next/server/app/api/bench/${r}/route.js`))) {
    return "the production build in .next has no bench routes";
  }
  const builtAt = statSync(".next/BUILD_ID").mtimeMs;
  for (const dir of SOURCE_DIRS) {
    const newest = existsSync(dir) ? newestIn(dir) : undefined;
    if (newest && newest.mtimeMs > builtAt) return `${newest.file} changed after the last build`;
  }
  for (const file of SOURCE_FILES) {
    if (existsSync(file) && statSync(file).mtimeMs > builtAt) return `${file} changed after the last build`;
  }
  return undefined;
}

/** `next build` when forced or when the existing build is missing or stale. */
export function buildIfNeeded(force: boolean, log: (message: string) => void): void {
  const problem = force ? "--build" : buildProblem();
  if (!problem) {
    log("using the production build in .next (up to date with the sources; --build forces a rebuild)");
    return;
  }
  log(`next build (${problem})`);
  const result = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`);
  const after = buildProblem();
  if (after) throw new Error(`after next build: ${after}`);
}
