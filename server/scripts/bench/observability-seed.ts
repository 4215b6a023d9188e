import pg from "pg";
import { partitionHistory } from "../../db/partitions/partitions";
import { openDriver } from "../../db/driver";
import { newId } from "../../ids";
import { createSeedWebhook, seedGrowth } from "./growth-seed";
import { idSql } from "./retention-seed";

const DAY = 86_400_000;

// The scrape's size (issue 42: /metrics p99 at 5 M messages and 10,000 senders): an organization of
// the growth bench's shape, written by SQL, and `senders` live senders of a second organization,
// each with a paced queue (contract §15) and one QUEUED message at its head, which is what the
// per-sender gauges and the live backlog's oldest probe read.
export async function seedScrapeSize(
  databaseUrl: string,
  messages: number,
  senders: number,
  log: (m: string) => void,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const driver = openDriver({ databaseUrl, dataDir: "unused", poolSize: 1 });
  try {
    const history = newId("org");
    const queues = newId("org");
    await client.query(
      `INSERT INTO organizations (id, name, rate_limit_enabled, updated_at) VALUES ($1, 'Scrape history', false, now()), ($2, 'Scrape senders', false, now())`,
      [history, queues],
    );
    const now = Date.now();
    const startMs = now - 90 * DAY;
    await partitionHistory(driver, new Date(startMs));
    if (messages > 0) {
      log(`observability: seeding ${messages.toLocaleString("en")} messages of history by SQL`);
      const webhookId = await createSeedWebhook(client, history);
      await seedGrowth(client, {
        organizationId: history,
        webhookId,
        startMs,
        spanMs: 90 * DAY - 10 * 60_000,
        from: 0,
        to: messages,
        log,
      });
    }
    log(`observability: ${senders.toLocaleString("en")} live senders with a queue`);
    await client.query(
      `INSERT INTO sender_queues (organization_id, sender, mps, queued_segments, next_slot_at, updated_at)
       SELECT $1, 'S' || g, 1, 1, now() + interval '1 day', now() FROM generate_series(1, $2::int) g`,
      [queues, senders],
    );
    await client.query(
      `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding,
                             status, created_at, next_attempt_at, updated_at, expires_at)
       SELECT ${idSql("msg", `${Date.now()}::bigint`, "900000000 + g")}, $1, 'live', '+14155550100', 'S' || g,
              'queued', 1, 'GSM-7', 'QUEUED', now(), now() + interval '1 day', now(), now() + interval '4 hours'
       FROM generate_series(1, $2::int) g`,
      [queues, senders],
    );
    await client.query("ANALYZE");
  } finally {
    await client.end();
    await driver.close();
  }
}
