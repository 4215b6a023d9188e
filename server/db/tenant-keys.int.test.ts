import { describe, expect, it } from "vitest";
import { withEmptyDatabase } from "@/server/test/empty-database";
import { rawQuery, type Driver } from "./driver";
import { migrate, readMigrations } from "./migrate";

// Migration 20261202010000_tenant_keys on a database that holds rows (issue 40): they survive, the
// child rows take their parent's organization, and the keys and foreign keys are the tenant ones.

const TENANT_KEYS = "20261202010000_tenant_keys";

const q = <T extends Record<string, unknown>>(driver: Driver, sql: string, params: unknown[] = []) =>
  rawQuery<T>(driver, sql, params);

/** One organization's rows of every table the migration re-keys, written as the old schema had them. */
async function seedBefore(driver: Driver, org: string): Promise<void> {
  const n = org.slice(-1);
  await q(driver, `INSERT INTO organizations (id, name, updated_at) VALUES ($1, $1, now())`, [org]);
  await q(driver, `INSERT INTO users (id, email, password_hash, updated_at) VALUES ($1, $1 || '@x.test', 'h', now())`, [
    `usr_${n}`,
  ]);
  await q(
    driver,
    `INSERT INTO refresh_token_families (id, user_id, organization_id, expires_at) VALUES ($2, $3, $1, now())`,
    [org, `rtf_${n}`, `usr_${n}`],
  );
  await q(driver, `INSERT INTO refresh_tokens (id, family_id, token_hash, expires_at) VALUES ($1, $2, $3, now())`, [
    `rt_${n}`,
    `rtf_${n}`,
    `hash_${n}`,
  ]);
  await q(
    driver,
    `INSERT INTO webhooks (id, organization_id, name, url, events) VALUES ($2, $1, 'w', 'https://x.test', '{*}')`,
    [org, `wh_${n}`],
  );
  await q(
    driver,
    `INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event, body)
     VALUES ($2, $1, $3, 'evt_1', 'message.sent', '{}')`,
    [org, `dlv_${n}`, `wh_${n}`],
  );
  await q(driver, `INSERT INTO webhook_attempts (id, delivery_id, attempt, response_time_ms) VALUES ($1, $2, 1, 5)`, [
    `att_${n}`,
    `dlv_${n}`,
  ]);
  await q(driver, `INSERT INTO contact_imports (id, organization_id, csv, total_rows) VALUES ($2, $1, '', 1)`, [
    org,
    `imp_${n}`,
  ]);
  await q(
    driver,
    `INSERT INTO contact_import_chunks (import_id, seq, first_record, header, records) VALUES ($1, 0, 0, '[]', '[]')`,
    [`imp_${n}`],
  );
  await q(
    driver,
    `INSERT INTO campaigns (id, organization_id, environment, name, template) VALUES ($2, $1, 'test', 'c', 'Hi')`,
    [org, `cmp_${n}`],
  );
  await q(
    driver,
    `INSERT INTO campaign_recipients (campaign_id, contact_id, organization_id, phone, not_before)
     VALUES ($2, 'ct_1', $1, '+14155550100', now())`,
    [org, `cmp_${n}`],
  );
  await q(driver, `INSERT INTO campaign_daily_stats (campaign_id, day, clicks) VALUES ($1, '2026-11-20', 3)`, [
    `cmp_${n}`,
  ]);
  await q(
    driver,
    `INSERT INTO campaign_link_clickers (campaign_id, contact_id, first_clicked_at) VALUES ($1, 'ct_1', now())`,
    [`cmp_${n}`],
  );
  await q(
    driver,
    `INSERT INTO campaign_links (code, organization_id, campaign_id, contact_id, phone, url)
     VALUES ($3, $1, $2, 'ct_1', '+14155550100', 'https://x.test')`,
    [org, `cmp_${n}`, `code${n}`],
  );
}

describe("migration 20261202010000_tenant_keys", () => {
  it("keeps existing rows, gives child rows their parent's organization and keys every table by tenant", async () => {
    await withEmptyDatabase(async (driver) => {
      const all = readMigrations();
      const at = all.findIndex((m) => m.name === TENANT_KEYS);
      await migrate(driver, all.slice(0, at));
      await seedBefore(driver, "org_a");
      await seedBefore(driver, "org_b");
      // An aggregate row whose campaign is gone (they have no foreign key) belongs to no one.
      await q(
        driver,
        `INSERT INTO campaign_daily_stats (campaign_id, day, clicks) VALUES ('cmp_gone', '2026-11-20', 1)`,
      );

      await migrate(driver, all.slice(0, at + 1));

      for (const table of [
        "campaign_stats",
        "campaign_daily_stats",
        "campaign_link_clickers",
        "contact_import_chunks",
        "refresh_tokens",
        "webhook_attempts",
      ]) {
        const rows = await q<{ organization_id: string; n: number }>(
          driver,
          `SELECT organization_id, count(*)::int AS n FROM ${table} GROUP BY 1 ORDER BY 1`,
        );
        // campaign_stats: written by the recipients' trigger before the migration, one row each.
        expect(rows, table).toEqual([
          { organization_id: "org_a", n: 1 },
          { organization_id: "org_b", n: 1 },
        ]);
      }
      const [chunk] = await q<{ import_id: string }>(
        driver,
        `SELECT import_id FROM contact_import_chunks WHERE organization_id = 'org_b'`,
      );
      expect(chunk?.import_id).toBe("imp_b");
      expect(await q(driver, `SELECT code, organization_id FROM campaign_link_codes ORDER BY code`)).toEqual([
        { code: "codea", organization_id: "org_a" },
        { code: "codeb", organization_id: "org_b" },
      ]);

      const keys = await q<{ t: string; key: string }>(
        driver,
        `SELECT conrelid::regclass::text AS t, pg_get_constraintdef(oid) AS key FROM pg_constraint
         WHERE contype = 'p' AND conrelid::regclass::text IN ('webhook_attempts', 'campaign_stats', 'campaign_links')
         ORDER BY 1`,
      );
      expect(keys).toEqual([
        { t: "campaign_links", key: "PRIMARY KEY (organization_id, code)" },
        { t: "campaign_stats", key: "PRIMARY KEY (organization_id, campaign_id, stripe)" },
        { t: "webhook_attempts", key: "PRIMARY KEY (organization_id, id)" },
      ]);
      // A child row must name its parent within its own organization.
      await expect(
        q(
          driver,
          `INSERT INTO webhook_attempts (id, organization_id, delivery_id, attempt, response_time_ms)
                   VALUES ('att_x', 'org_b', 'dlv_a', 2, 5)`,
        ),
      ).rejects.toThrow(/foreign key/);
      // A code is unique across organizations, through the lookup the links' trigger writes.
      await expect(
        q(
          driver,
          `INSERT INTO campaign_links (code, organization_id, campaign_id, phone, url)
                   VALUES ('codea', 'org_b', 'cmp_b', '+14155550100', 'https://y.test')`,
        ),
      ).rejects.toThrow(/campaign_link_codes_pkey/);
      // Deleting a campaign takes its links' codes with them.
      await q(driver, `DELETE FROM campaigns WHERE organization_id = 'org_a' AND id = 'cmp_a'`);
      expect(await q(driver, `SELECT code FROM campaign_link_codes ORDER BY code`)).toEqual([{ code: "codeb" }]);
    });
  });
});
