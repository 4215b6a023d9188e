import * as p from "@clack/prompts";
import { UsageError } from "./output.js";

/** Prompts only where a person can answer; scripts must pass options instead. */
export function interactive(): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY);
}

async function answer<T>(value: Promise<T | symbol>): Promise<T> {
  const v = await value;
  if (p.isCancel(v)) {
    p.cancel("Cancelled.");
    process.exit(130);
  }
  return v as T;
}

export async function ask(message: string, flag: string, opts: { placeholder?: string } = {}): Promise<string> {
  if (!interactive()) throw new UsageError(`${message}: pass ${flag} (no terminal to ask on).`);
  return answer<string>(
    p.text({ message, placeholder: opts.placeholder, validate: (v) => (v ? undefined : "Required") }),
  );
}

export async function askSecret(message: string, flag: string): Promise<string> {
  if (!interactive()) throw new UsageError(`${message}: pass ${flag} (no terminal to ask on).`);
  return answer<string>(p.password({ message, validate: (v) => (v ? undefined : "Required") }));
}

export async function confirm(message: string): Promise<boolean> {
  if (!interactive()) return false;
  return answer<boolean>(p.confirm({ message }));
}

/** Everything piped to stdin, without the final newline. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/** A spinner on a terminal, nothing in scripts or --json. */
export function spin(enabled: boolean, message: string): { stop(done?: string): void } {
  if (!enabled || !interactive()) return { stop: () => {} };
  const s = p.spinner();
  s.start(message);
  return { stop: (done?: string) => s.stop(done ?? message) };
}
