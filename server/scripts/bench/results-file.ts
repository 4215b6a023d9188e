import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";

// The JSON reports in bench-results/ and the commit they name.

export function gitCommit(): string | undefined {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  if (head.status !== 0) return undefined;
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`;
}

export function writeReport(
  report: { generatedAt: string; [key: string]: unknown },
  database: string,
  latest: boolean,
  suffix = "",
): void {
  mkdirSync("bench-results", { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (latest) writeFileSync("bench-results/latest.json", json);
  const stamped = `bench-results/${report.generatedAt.replace(/[:.]/g, "-")}-${database}${suffix}.json`;
  writeFileSync(stamped, json);
  console.log(latest ? `Wrote bench-results/latest.json and ${stamped}.` : `Wrote ${stamped}.`);
}
