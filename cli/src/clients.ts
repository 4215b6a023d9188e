import os from "node:os";
import { SignalGate } from "signalgate";
import { readConfig, updateConfig, type CliConfig } from "./config.js";
import { UsageError } from "./output.js";

/** Options every command takes (see program.ts). */
export interface GlobalOptions {
  json: boolean;
  baseUrl?: string;
  apiKey?: string;
}

const DEFAULT_BASE_URL = "http://localhost:3000";

export function baseUrlOf(opts: GlobalOptions, config: CliConfig = readConfig()): string {
  return opts.baseUrl ?? process.env.SIGNALGATE_BASE_URL ?? config.baseUrl ?? DEFAULT_BASE_URL;
}

/** A key given on the command line or in SIGNALGATE_API_KEY wins over the ones saved at login. */
function explicitKey(opts: GlobalOptions): string | undefined {
  return opts.apiKey ?? (process.env.SIGNALGATE_API_KEY || undefined);
}

/**
 * The management client of the saved session. Every new token pair is written back at once: the
 * refresh token is single use, and the next run must start from the newest one.
 */
export function managementClient(opts: GlobalOptions): SignalGate {
  const config = readConfig();
  if (!config.refreshToken) throw new UsageError("Not logged in. Run `signalgate login` first.");
  return new SignalGate({
    baseUrl: baseUrlOf(opts, config),
    refreshToken: config.refreshToken,
    accessToken: config.accessToken,
    onTokens: (pair) => updateConfig((c) => ({ ...c, refreshToken: pair.refreshToken, accessToken: pair.accessToken })),
  });
}

/**
 * A client with an API key: `--api-key`, SIGNALGATE_API_KEY, or the key the CLI made at login
 * (sandbox; `live` makes and saves a production key on first use).
 */
export async function apiKeyClient(opts: GlobalOptions, options: { live?: boolean } = {}): Promise<SignalGate> {
  const given = explicitKey(opts);
  const config = readConfig();
  if (given) return new SignalGate({ baseUrl: baseUrlOf(opts, config), apiKey: given });
  let saved = options.live ? config.liveKey : config.testKey;
  if (!saved && options.live && config.refreshToken) {
    const created = await managementClient(opts).apiKeys.create({
      name: `signalgate-cli live (${os.hostname()})`,
      environment: "live",
    });
    saved = { id: created.id, rawKey: created.rawKey };
    updateConfig((c) => ({ ...c, liveKey: saved }));
  }
  if (!saved) {
    throw new UsageError(
      options.live
        ? "No production key: run `signalgate login`, or pass --api-key sg_live_… (or set SIGNALGATE_API_KEY)."
        : "No API key: run `signalgate login`, or pass --api-key sg_test_… (or set SIGNALGATE_API_KEY).",
    );
  }
  return new SignalGate({ baseUrl: baseUrlOf(opts, config), apiKey: saved.rawKey });
}

/**
 * The events API takes an API key with webhooks.manage or a session. Long-running commands
 * (listen, tail) prefer a key: a key is never rotated, so another command run meanwhile can never
 * spend the refresh token under them.
 */
export async function eventsClient(opts: GlobalOptions): Promise<SignalGate> {
  const config = readConfig();
  if (explicitKey(opts) || config.testKey) return apiKeyClient(opts);
  return managementClient(opts);
}

/** The claims of an access token (sub, org, role), read without verifying (the server did). */
export function tokenClaims(token: string | undefined): { sub?: string; org?: string; role?: string } {
  const payload = token?.split(".")[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      sub?: string;
      org?: string;
      role?: string;
    };
  } catch {
    return {};
  }
}
