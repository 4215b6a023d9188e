import { SignalGateError } from "signalgate";
import pc from "picocolors";

/** Exit codes: 0 ok, 1 the API answered with an error (its code printed), 2 usage. */
export const EXIT_OK = 0;
export const EXIT_API = 1;
export const EXIT_USAGE = 2;

/** A problem with how the command was called (missing option, not logged in): exit 2. */
export class UsageError extends Error {}

export interface Out {
  json: boolean;
}

/** The result of a command: JSON for scripts, else the human lines. */
export function emit(out: Out, value: unknown, human: () => void): void {
  if (out.json) process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  else human();
}

/** One line of a stream in --json mode (one JSON object per line). */
export function emitLine(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export function fail(out: Out, err: unknown): number {
  if (err instanceof UsageError) {
    if (out.json) emitError({ code: "usage", message: err.message });
    else process.stderr.write(`${pc.red("Error:")} ${err.message}\n`);
    return EXIT_USAGE;
  }
  if (err instanceof SignalGateError) {
    if (out.json)
      emitError({
        code: err.code,
        message: err.message,
        status: err.status,
        requestId: err.requestId,
        docUrl: err.docUrl,
      });
    else {
      const where = err.requestId ? pc.dim(` (request ${err.requestId})`) : "";
      process.stderr.write(`${pc.red("Error:")} ${pc.bold(err.code)}: ${err.message}${where}\n`);
      for (const d of err.details ?? []) process.stderr.write(`  ${d.path}: ${d.message}\n`);
      if (err.docUrl) process.stderr.write(`  ${pc.dim("See")} ${err.docUrl}\n`);
    }
    return EXIT_API;
  }
  const message = err instanceof Error ? err.message : String(err);
  if (out.json) emitError({ code: "error", message });
  else process.stderr.write(`${pc.red("Error:")} ${message}\n`);
  return EXIT_API;
}

function emitError(error: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ error }, null, 2)}\n`);
}

/** Columns padded to their widest cell. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => stripAnsi(r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell + " ".repeat(Math.max(0, (widths[i] ?? 0) - stripAnsi(cell).length)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function stripAnsi(s: string): string {
  return s.replace(/\u001b\[[0-9;]*m/g, "");
}

export function time(d: Date = new Date()): string {
  return d.toTimeString().slice(0, 8);
}

export function statusColor(status: string): string {
  if (["DELIVERED", "APPROVED", "SUCCEEDED"].includes(status)) return pc.green(status);
  if (["FAILED", "UNDELIVERED", "EXPIRED", "MAX_ATTEMPTS"].includes(status)) return pc.red(status);
  return pc.yellow(status);
}
