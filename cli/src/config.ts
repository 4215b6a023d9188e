import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** What `signalgate login` keeps between runs. The file is the user's alone (0600, in a 0700 folder). */
export interface CliConfig {
  baseUrl?: string;
  email?: string;
  organizationId?: string;
  /** The session: rotated on every refresh, the newest written back at once. */
  refreshToken?: string;
  /** The current access token (15 minutes), so a run soon after another needs no refresh. */
  accessToken?: string;
  /** Sandbox (and, once asked for, production) keys the CLI created for itself at login. */
  testKey?: { id: string; rawKey: string };
  liveKey?: { id: string; rawKey: string };
}

/**
 * The user's config directory: SIGNALGATE_CONFIG_DIR, else $XDG_CONFIG_HOME/signalgate (Linux and
 * macOS alike, ~/.config by default), else %APPDATA%\signalgate on Windows.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SIGNALGATE_CONFIG_DIR) return env.SIGNALGATE_CONFIG_DIR;
  if (process.platform === "win32" && env.APPDATA) return path.join(env.APPDATA, "signalgate");
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), ".config"), "signalgate");
}

export function configPath(env?: NodeJS.ProcessEnv): string {
  return path.join(configDir(env), "config.json");
}

export function readConfig(env?: NodeJS.ProcessEnv): CliConfig {
  try {
    return JSON.parse(readFileSync(configPath(env), "utf8")) as CliConfig;
  } catch {
    return {};
  }
}

/** Written whole to a temporary file and renamed over the old one, so a crash never leaves half a file. */
export function writeConfig(config: CliConfig, env?: NodeJS.ProcessEnv): void {
  const dir = configDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = configPath(env);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export function updateConfig(change: (c: CliConfig) => CliConfig, env?: NodeJS.ProcessEnv): CliConfig {
  const next = change(readConfig(env));
  writeConfig(next, env);
  return next;
}
