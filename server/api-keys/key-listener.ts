import pg from "pg";
import { getEnv } from "../env";
import { logger } from "../logger";
import { keyCache } from "./key-cache";
import { KEY_CHANGE_CHANNEL } from "./key-changes";

const holder = globalThis as typeof globalThis & {
  __signalgateKeyListener?: Promise<void>;
  __signalgateKeyListenerClient?: pg.Client;
  __signalgateKeyListenerStopped?: boolean;
};

/**
 * On PostgreSQL several instances may share the database: each listens for key changes and drops
 * its cached entry. While the listener is not connected the cache is bypassed entirely, so a
 * missed notification can never keep a disabled key working. PGlite is single-process: the local
 * invalidation is enough.
 */
export function ensureKeyListener(): void {
  const env = getEnv();
  if (!env.DATABASE_URL) return;
  if (holder.__signalgateKeyListener) return;
  keyCache.enabled = false;
  holder.__signalgateKeyListenerStopped = false;
  holder.__signalgateKeyListener = connect(env.DATABASE_URL, 0);
}

export async function stopKeyListener(): Promise<void> {
  holder.__signalgateKeyListenerStopped = true;
  const client = holder.__signalgateKeyListenerClient;
  holder.__signalgateKeyListenerClient = undefined;
  holder.__signalgateKeyListener = undefined;
  keyCache.enabled = false;
  await client?.end().catch(() => {});
}

async function connect(url: string, attempt: number): Promise<void> {
  if (holder.__signalgateKeyListenerStopped) return;
  const client = new pg.Client({ connectionString: url });
  holder.__signalgateKeyListenerClient = client;
  const retry = () => {
    if (holder.__signalgateKeyListenerStopped) return;
    keyCache.enabled = false;
    keyCache.clear();
    const delay = Math.min(30_000, 500 * 2 ** attempt);
    setTimeout(() => void connect(url, attempt + 1), delay).unref();
  };
  client.on("error", (err) => {
    logger.warn("api key listener lost its connection", { error: err.message });
    client.end().catch(() => {});
    retry();
  });
  try {
    await client.connect();
    client.on("notification", (msg) => {
      if (msg.channel === KEY_CHANGE_CHANNEL && msg.payload) keyCache.invalidate(msg.payload);
    });
    await client.query(`LISTEN ${KEY_CHANGE_CHANNEL}`);
    keyCache.clear();
    keyCache.enabled = true;
    attempt = 0;
  } catch (err) {
    logger.warn("api key listener could not connect", { error: (err as Error).message });
    client.end().catch(() => {});
    retry();
  }
}
