#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure.
//
// Locally, steps can be skipped with SKIP_<STEP>=1 (SKIP_TYPECHECK, SKIP_LINT, SKIP_FORMAT,
// SKIP_VITEST, SKIP_BUILD, SKIP_E2E, SKIP_CHAOS; skipping the build also skips e2e and chaos, which
// run on it).
// Under CI (CI set) nothing is skipped.
// The closing line is always `N passed, M failed`.

import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const ci = Boolean(process.env.CI) && process.env.CI !== "false" && process.env.CI !== "0";

const steps = [
  // Quiet: only its output on failure. Regenerates the client in case it is missing or stale.
  { id: "GENERATE", title: "prisma generate", cmd: [bin("prisma"), "generate"], quiet: true },
  // Three single-threaded checks that read the same files and nothing else: side by side on the
  // cores (`group`), each one's output held and printed whole when all three have ended.
  { id: "TYPECHECK", title: "tsc --noEmit", cmd: [bin("tsc"), "--noEmit", "-p", "."], group: "static" },
  { id: "LINT", title: "eslint", cmd: [bin("eslint"), ".", "--max-warnings", "0"], group: "static" },
  { id: "FORMAT", title: "prettier --check", cmd: [bin("prettier"), "--check", "."], group: "static" },
  {
    id: "VITEST",
    title: "vitest (unit, PGlite, PostgreSQL)",
    cmd: [process.execPath, path.join(root, "server", "scripts", "with-postgres.mjs"), bin("vitest"), "run"],
  },
  { id: "BUILD", title: "next build", cmd: [bin("next"), "build"], env: { NODE_ENV: "production" } },
  // Wrapped too: with a PostgreSQL at hand, two extra app servers share it for the multi-instance flows.
  {
    id: "E2E",
    title: "playwright test",
    cmd: [process.execPath, path.join(root, "server", "scripts", "with-postgres.mjs"), bin("playwright"), "test"],
    needs: "BUILD",
  },
  // Two servers on one PostgreSQL under load, one killed every 10 s (npm run chaos), kept short
  // here: about a minute and a half with the drain. It serves the build above.
  {
    id: "CHAOS",
    title: "chaos (CHAOS_SECONDS=20)",
    cmd: [
      process.execPath,
      path.join(root, "server", "scripts", "with-postgres.mjs"),
      bin("tsx"),
      path.join(root, "server", "scripts", "chaos.ts"),
      "--skip-without-postgres",
    ],
    env: { CHAOS_SECONDS: "20" },
    needs: "BUILD",
  },
];

function skipped(step) {
  if (ci) return false;
  const flag = (id) => ["1", "true"].includes(process.env[`SKIP_${id}`] ?? "");
  return flag(step.id) || (step.needs !== undefined && flag(step.needs));
}

/** Runs a step; with `hold` (or a quiet step) its output is collected instead of shown. */
function runStep(step, hold = false) {
  return new Promise((resolve) => {
    const [file, ...args] = step.cmd;
    const child = spawn(file, args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: step.quiet || hold ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    child.on("error", (err) => {
      output += `${err.message}\n`;
      resolve({ ok: false, output });
    });
    child.on("close", (code, signal) => resolve({ ok: code === 0, output, code: code ?? signal }));
  });
}

if (ci) {
  const ignored = Object.keys(process.env).filter(
    (k) => k.startsWith("SKIP_") && ["1", "true"].includes(process.env[k] ?? ""),
  );
  if (ignored.length > 0) console.log(`CI is set: ignoring ${ignored.join(", ")}`);
}

let passed = 0;
let failed = 0;
const skippedTitles = [];
const started = Date.now();

/** Consecutive steps of one `group` form a batch; every other step is a batch of its own. */
function batches() {
  const out = [];
  for (const step of steps) {
    const last = out.at(-1);
    if (step.group && last?.[0].group === step.group) last.push(step);
    else out.push([step]);
  }
  return out;
}

/** Prints a finished step's end line (and its held output); false when it failed. */
function report(step, result, seconds, held) {
  if (result.ok) {
    passed++;
    if (held) process.stdout.write(result.output);
    console.log(`=== ${step.title}: ok (${seconds}s)`);
    return true;
  }
  failed++;
  if (held || step.quiet) process.stdout.write(result.output);
  console.log(`=== ${step.title}: FAILED (exit ${result.code ?? "?"}, ${seconds}s)`);
  return false;
}

const elapsed = (t0) => ((Date.now() - t0) / 1000).toFixed(1);

for (const batch of batches()) {
  const toRun = [];
  for (const step of batch) {
    if (skipped(step)) {
      skippedTitles.push(step.title);
      console.log(`\n=== ${step.title}: skipped (SKIP_${step.id}${step.needs ? ` or SKIP_${step.needs}` : ""})`);
    } else toRun.push(step);
  }
  if (toRun.length === 0) continue;
  const held = toRun.length > 1;
  if (held) console.log(`\n=== at the same time: ${toRun.map((s) => s.title).join(", ")}`);
  else console.log(`\n=== ${toRun[0].title}`);
  const t0 = Date.now();
  const results = await Promise.all(
    toRun.map(async (step) => {
      const result = await runStep(step, held);
      return { step, result, seconds: elapsed(t0) };
    }),
  );
  let ok = true;
  for (const { step, result, seconds } of results) {
    if (held) console.log(`\n=== ${step.title}`);
    ok = report(step, result, seconds, held) && ok;
  }
  if (held) console.log(`=== together: ${elapsed(t0)}s`);
  if (!ok) break;
}

const notRun = steps.length - passed - failed - skippedTitles.length;
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (skippedTitles.length > 0) console.log(`Skipped: ${skippedTitles.join(", ")}`);
if (notRun > 0) console.log(`Not run after the failure: ${notRun} step(s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
