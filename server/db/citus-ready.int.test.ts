// Keeps the schema ready for Citus, distributed by organization_id (docs/scaling.md, issue 40): a
// distributed table needs its distribution column in its primary key and in every unique
// constraint. Every table is one of four kinds:
// - a tenant table: it has organization_id, in its key and in every unique index;
// - a reference table (Citus copies it to every node) or a coordinator-local one: named below, with
//   why it belongs to no tenant;
// - a global lookup (a reference table under Citus) keyed by a value unique across tenants, found
//   before the tenant is known and naming it: named below, with why;
// - a tenant table not keyed by tenant yet: named below, the rest of issue 40's work. The test also
//   fails when one of these becomes right, so the list only shrinks.
// A new table must be made one of the first three kinds.
import { describe, expect, it } from "vitest";
import { getDriver } from "./client";
import { rawQuery } from "./driver";

/** No organization_id, on purpose: each says what it belongs to. */
const NOT_TENANT_TABLES: Record<string, string> = {
  organizations: "the tenants themselves: distributed by their own id, co-located with every tenant table",
  users: "reference: a person may belong to several organizations",
  user_totp: "reference: a user's authenticator",
  user_recovery_codes: "reference: a user's recovery codes",
  dashboard_sessions: "reference: a user's sign-ins, across organizations",
  account_tokens: "reference: a user's emailed links",
  jobs: "coordinator-local: the embedded job runner's queue, of every tenant",
  email_outbox: "coordinator-local: emails to addresses, of users rather than tenants",
  carrier_receipts: "coordinator-local: receipts arrive before their message (and tenant) is known",
  inbound_parts: "coordinator-local: parts of an inbound SMS before its number names a tenant",
  smpp_unacked_mo: "coordinator-local: an SMPP session's unacknowledged inbound messages",
  auth_failure_buckets: "coordinator-local: failed sign-ins by address or account, before any tenant",
  retention_watermarks: "coordinator-local: how far retention got",
  partitioned_tables: "coordinator-local: the partition job's configuration",
  _prisma_migrations: "the migration runner's own table",
};

/**
 * Global lookups: a value unique across tenants (a tracked link's code), found before its tenant is
 * known, naming the tenant to look in. Keyed by that value alone, on purpose; each says why.
 */
const LOOKUP_TABLES: Record<string, string> = {
  campaign_link_codes: "reference: /l/{code} is resolved before its organization is known; codes are unique across all",
  phone_numbers:
    "reference: an inbound SMS (and its STOP reply) names a number before its organization is known; a number has one owner",
};

/**
 * Tenant tables whose key (or a unique index) lacks organization_id, and tenant rows without the
 * column: what is left of issue 40's work.
 */
const NOT_YET_KEYED_BY_TENANT = new Set<string>([]);

interface TableRow extends Record<string, unknown> {
  table: string;
  has_org: boolean;
  /** Unique indexes (the key included) without organization_id. */
  bad: string[];
}

const TABLES = `
SELECT c.relname AS "table",
  EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)
    AS has_org,
  coalesce((SELECT array_agg(i.indexrelid::regclass::text ORDER BY 1) FROM pg_index i
            WHERE i.indrelid = c.oid AND i.indisunique
              AND NOT EXISTS (SELECT 1 FROM pg_attribute a
                              WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND a.attnum = ANY (i.indkey))),
           '{}') AS bad
FROM pg_class c
WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
ORDER BY 1`;

describe("the schema is ready for Citus", () => {
  it("has organization_id in the key and every unique index of each tenant table", async () => {
    const rows = await rawQuery<TableRow>(getDriver(), TABLES);
    const offenders = rows
      .filter((r) => !(r.table in NOT_TENANT_TABLES) && !(r.table in LOOKUP_TABLES))
      .filter((r) => !r.has_org || r.bad.length > 0)
      .map((r) => (r.has_org ? `${r.table}: ${r.bad.join(", ")}` : `${r.table}: no organization_id`));
    const unexpected = offenders.filter((o) => !NOT_YET_KEYED_BY_TENANT.has(o.split(":")[0]!));
    expect(unexpected).toEqual([]);
    // A table fixed must leave the list (it only shrinks).
    const stillListed = [...NOT_YET_KEYED_BY_TENANT].filter((t) => !offenders.some((o) => o.startsWith(`${t}:`)));
    expect(stillListed).toEqual([]);
  });

  it("names only tables that exist and have no organization_id as not belonging to a tenant", async () => {
    const rows = await rawQuery<TableRow>(getDriver(), TABLES);
    const byName = new Map(rows.map((r) => [r.table, r]));
    for (const table of Object.keys(NOT_TENANT_TABLES)) {
      expect(byName.get(table)?.has_org, table).toBe(false);
    }
  });

  it("keys each global lookup by its value alone, naming the organization it leads to", async () => {
    const rows = await rawQuery<TableRow>(getDriver(), TABLES);
    const byName = new Map(rows.map((r) => [r.table, r]));
    for (const table of Object.keys(LOOKUP_TABLES)) {
      expect(byName.get(table)?.has_org, table).toBe(true);
      expect(byName.get(table)?.bad, table).toEqual([`${table}_pkey`]);
    }
  });
});
