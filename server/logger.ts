import { getEnv } from "./env";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

// One JSON line per entry, so logs can be shipped and grepped by requestId. Callers must never
// pass secrets (raw keys, OTP codes, passwords, tokens).
function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  let threshold: Level | "silent" = "info";
  try {
    threshold = getEnv().LOG_LEVEL;
  } catch {
    // configuration errors are reported elsewhere; keep logging
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write("debug", message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write("info", message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write("warn", message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write("error", message, fields),
};
