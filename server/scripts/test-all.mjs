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
  { id: "TYPECHECK", title: "tsc --noEmit", cmd: [bin("tsc"), "--noEmit", "-p", "."] },
  { id: "LINT", title: "eslint", cmd: [bin("eslint"), ".", "--max-warnings", "0"] },
  { id: "FORMAT", title: "prettier --check", cmd: [bin("prettier"), "--check", "."] },
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

function runStep(step) {
  return new Promise((resolve) => {
    const [file, ...args] = step.cmd;
    const child = spawn(file, args, {
      cwd: root,
      env: { ...process.env, ...step.env },
      stdio: step.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
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

for (const step of steps) {
  if (skipped(step)) {
    skippedTitles.push(step.title);
    console.log(`\n=== ${step.title}: skipped (SKIP_${step.id}${step.needs ? ` or SKIP_${step.needs}` : ""})`);
    continue;
  }
  console.log(`\n=== ${step.title}`);
  const t0 = Date.now();
  const result = await runStep(step);
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.ok) {
    passed++;
    console.log(`=== ${step.title}: ok (${seconds}s)`);
  } else {
    failed++;
    if (step.quiet) process.stdout.write(result.output);
    console.log(`=== ${step.title}: FAILED (exit ${result.code ?? "?"}, ${seconds}s)`);
    break;
  }
}

const notRun = steps.length - passed - failed - skippedTitles.length;
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(1)}s`);
if (skippedTitles.length > 0) console.log(`Skipped: ${skippedTitles.join(", ")}`);
if (notRun > 0) console.log(`Not run after the failure: ${notRun} step(s)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
