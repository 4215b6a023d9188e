import pg from "pg";
import type { Driver } from "../db/driver";
import { getEnv } from "../env";
import { logger } from "../logger";

export const OUTBOX_CHANNEL = "sg_outbox";
const RECONNECT_MS = 1_000;

/**
 * Calls `onNotify` whenever a transaction that wrote outbox events commits, in this process or any
 * other on the same database (the outbox's statement trigger sends the notification at commit).
 * PostgreSQL: one dedicated connection per process, LISTENing, re-opened if it drops. PGlite: the
 * embedded database's own LISTEN. A missed notification only delays (the reader also looks on a
 * timer and reads by position), it never loses an event.
 */
export async function listenForOutbox(driver: Driver, onNotify: () => void): Promise<() => Promise<void>> {
  if (driver.kind === "pglite") {
    const unlisten = await driver.pglite.listen(OUTBOX_CHANNEL, () => onNotify());
    return () => unlisten();
  }
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const scheduleConnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch((err: unknown) => {
        logger.warn("events: could not listen for outbox events", { error: (err as Error).message });
        scheduleConnect();
      });
    }, RECONNECT_MS);
    retry.unref();
  };
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    scheduleConnect();
  };
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: getEnv().DATABASE_URL, application_name: "signalgate-events" });
    c.on("notification", () => onNotify());
    c.on("error", (err) => {
      logger.warn("events: listen connection failed", { error: err.message });
      drop(c);
    });
    c.on("end", () => drop(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (err) {
      c.end().catch(() => {});
      throw err;
    }
    if (closed) return void (await c.end().catch(() => {}));
    client = c;
    // Whatever committed while no connection listened is read now.
    onNotify();
  };
  await connect().catch((err: unknown) => {
    logger.warn("events: could not listen for outbox events", { error: (err as Error).message });
    scheduleConnect();
  });
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
