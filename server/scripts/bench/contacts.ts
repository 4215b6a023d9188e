import { randomBytes } from "node:crypto";
import type pg from "pg";
import { intFromEnv, log } from "./args";
import type { CpuMeter } from "./cpu";
import { describeSlice, runLoad, type Slice, type Target } from "./measure";
import { call, field, organizationIdOf } from "./seed";

// `--only contacts` (PostgreSQL; issue 17's figures), its first two measurements: a CSV import of
// contacts through the API, and bulk acceptance for an organization holding many opt-outs against
// one holding none. bench/contacts-inbound.ts measures SMPP inbound; bench/contacts-run.ts runs the
// part and reports it.

export interface ContactsSettings {
  importRows: number;
  optOuts: number;
  rounds: number;
  sliceSeconds: number;
  bulkConnections: number;
  inboundMessages: number;
  inboundWindow: number;
  timeoutMs: number;
  drainTimeoutMs: number;
}

export function readContactsSettings(): ContactsSettings {
  return {
    importRows: intFromEnv("BENCH_CONTACTS_IMPORT_ROWS", 100_000, 1),
    optOuts: intFromEnv("BENCH_CONTACTS_OPT_OUTS", 100_000, 1),
    rounds: intFromEnv("BENCH_CONTACTS_ROUNDS", 8, 1),
    sliceSeconds: intFromEnv("BENCH_CONTACTS_SLICE", 2, 1),
    bulkConnections: intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1),
    inboundMessages: intFromEnv("BENCH_CONTACTS_MO", 10_000, 1),
    inboundWindow: intFromEnv("BENCH_CONTACTS_MO_WINDOW", 50, 1),
    timeoutMs: intFromEnv("BENCH_CONTACTS_TIMEOUT", 300, 1) * 1000,
    drainTimeoutMs: intFromEnv("BENCH_DRAIN_TIMEOUT", 300, 1) * 1000,
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const median = (values: number[]) => {
  const v = [...values].sort((a, b) => a - b);
  return v.length === 0
    ? Number.NaN
    : v.length % 2
      ? v[(v.length - 1) / 2]!
      : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
};

export interface BenchOrganization {
  organizationId: string;
  accessToken: string;
  /** A sandbox (`sg_test_`) key with the given permissions. */
  apiKey: string;
}

/** An organization through the public API, its rate limiting off, with one sandbox key. */
export async function seedOrganization(
  baseUrl: string,
  name: string,
  permissions: string[],
): Promise<BenchOrganization> {
  const email = `bench-contacts-${randomBytes(6).toString("hex")}@example.test`;
  const password = `bench-${randomBytes(12).toString("hex")}`;
  const organizationId = organizationIdOf(
    await call(baseUrl, "POST", "/api/v1/auth/register", { email, password, organizationName: name }),
  );
  const accessToken = field(await call(baseUrl, "POST", "/api/v1/auth/token", { email, password }), "accessToken");
  const apiKey = field(
    await call(
      baseUrl,
      "POST",
      "/api/v1/developer/api-keys",
      { name: "bench-contacts", environment: "test", permissions },
      accessToken,
    ),
    "rawKey",
  );
  const limits = await call(baseUrl, "PATCH", "/api/v1/developer/rate-limits", { enabled: false }, accessToken);
  if ((limits as { enabled?: boolean }).enabled !== false) {
    throw new Error(`seeding: rate limiting not switched off as expected: ${JSON.stringify(limits)}`);
  }
  return { organizationId, accessToken, apiKey };
}

// ---------------------------------------------------------------------------------------------
// 1. Import

/** Valid, distinct US numbers (+1 415 2xx xxxx), every column the import reads, tags included. */
export function contactsCsv(rows: number): string {
  const lines = ["phone,first_name,last_name,email,tags,plan"];
  for (let i = 0; i < rows; i++) {
    const n = String(i).padStart(6, "0");
    lines.push(`+14152${n},Ada${n},Lovelace,ada${n}@example.com,bench;${i % 2 ? "vip" : "trial"},${i % 3}`);
  }
  return `${lines.join("\n")}\n`;
}

interface ImportView {
  id: string;
  status: string;
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string }[];
}

export interface ImportFigures {
  rows: number;
  csvBytes: number;
  /** POST sent → GET answered COMPLETED (or FAILED). */
  seconds: number;
  /** POST sent → its 202. */
  acceptSeconds: number;
  rowsPerSecond: number;
  status: string;
  created: number;
  updated: number;
  skipped: number;
  errors: number;
  polls: number;
  /** Contacts the organization holds afterwards, counted in the table. */
  contactsInTable: number;
}

/** POST /contacts/imports of a generated CSV, then GET it every 100 ms until it is finished. */
export async function measureImport(
  baseUrl: string,
  org: BenchOrganization,
  rows: number,
  db: pg.Client,
  timeoutMs: number,
): Promise<ImportFigures> {
  const csv = contactsCsv(rows);
  const headers = { authorization: `Bearer ${org.apiKey}` };
  log(`contacts: importing ${rows} contacts (${(csv.length / 1024 / 1024).toFixed(1)} MiB of CSV)`);
  const start = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/contacts/imports`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body: csv,
  });
  const acceptSeconds = (performance.now() - start) / 1000;
  const text = await res.text();
  if (res.status !== 202) throw new Error(`contacts: POST /contacts/imports answered ${res.status}: ${text}`);
  const id = field(JSON.parse(text), "id");
  let view: ImportView;
  let polls = 0;
  for (;;) {
    const got = await fetch(`${baseUrl}/api/v1/contacts/imports/${id}`, { headers });
    polls += 1;
    if (got.status !== 200) throw new Error(`contacts: GET /contacts/imports/${id} answered ${got.status}`);
    view = (await got.json()) as ImportView;
    if (view.status === "COMPLETED" || view.status === "FAILED") break;
    if (performance.now() - start > timeoutMs) {
      throw new Error(
        `contacts: the import is ${view.status} at ${view.processedRows}/${view.totalRows} after the timeout`,
      );
    }
    await sleep(100);
  }
  const seconds = (performance.now() - start) / 1000;
  const { rows: counted } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM contacts WHERE organization_id = $1`,
    [org.organizationId],
  );
  return {
    rows,
    csvBytes: Buffer.byteLength(csv),
    seconds,
    acceptSeconds,
    rowsPerSecond: rows / seconds,
    status: view.status,
    created: view.created,
    updated: view.updated,
    skipped: view.skipped,
    errors: view.errors.length,
    polls,
    contactsInTable: counted[0]!.n,
  };
}

// ---------------------------------------------------------------------------------------------
// 2. Bulk acceptance with and without opt-outs

export const BULK = 1000;
const RECIPIENTS = Array.from({ length: BULK }, (_, i) => `+1415555${String(i).padStart(4, "0")}`);

/**
 * Opt-outs written set-based (one INSERT … SELECT), on the recipients' own area code but another
 * exchange (+1 415 3xx xxxx), so none is a recipient while the index lookups land among them.
 */
export async function seedOptOuts(db: pg.Client, organizationId: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO contact_opt_outs (organization_id, phone, source)
     SELECT $1, '+14153' || lpad(g::text, 6, '0'), 'api' FROM generate_series(0, $2::int - 1) g`,
    [organizationId, count],
  );
  await db.query("ANALYZE contact_opt_outs");
}

export type Mode = "without" | "with";
export type BulkRound = Record<Mode, Slice>;

export const bulkRate = (s: Slice) => (s.requests * BULK) / s.seconds;

/** Server plus database CPU ms per bulk request of 1,000 over slices, or null when unmeasured. */
export function cpuPerBulk(slices: Slice[]): number | null {
  if (slices.some((x) => x.serverCpuMs === null || x.databaseCpuMs === null)) return null;
  const requests = slices.reduce((n, x) => n + x.requests, 0);
  const ms = slices.reduce((n, x) => n + x.serverCpuMs! + x.databaseCpuMs!, 0);
  return requests > 0 ? ms / requests : null;
}

/** Waits until none of the organization's messages is QUEUED (the pipeline has taken them on). */
async function drain(db: pg.Client, organizationId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM messages WHERE organization_id = $1 AND status = 'QUEUED'`,
      [organizationId],
    );
    if (rows[0]!.n === "0") return;
    if (Date.now() > deadline) throw new Error(`contacts: ${rows[0]!.n} messages still QUEUED after the drain timeout`);
    await sleep(200);
  }
}

/**
 * POST /sms/bulk of 1,000 sandbox messages at `bulkConnections` for each organization, in
 * interleaved rounds (the order alternates), the pipeline drained after every slice, unmeasured.
 * Beside the rate, the CPU the server and the database used during each slice: far steadier than
 * the rate when other processes share the machine.
 */
export async function measureBulk(
  baseUrl: string,
  orgs: Record<Mode, BenchOrganization>,
  db: pg.Client,
  s: ContactsSettings,
  meter: CpuMeter,
): Promise<BulkRound[]> {
  const body = JSON.stringify({ messages: RECIPIENTS.map((to) => ({ to, body: "Your order has shipped." })) });
  const target = (mode: Mode): Target => ({
    name: `bulk-${mode}`,
    method: "POST",
    path: "/api/v1/sms/bulk",
    headers: { authorization: `Bearer ${orgs[mode].apiKey}`, "content-type": "application/json" },
    body,
  });
  const slice = async (mode: Mode, label: string) => {
    const stop = meter.start();
    const { slice } = await runLoad(baseUrl, target(mode), {
      connections: s.bulkConnections,
      durationSeconds: s.sliceSeconds,
    });
    const cpu = stop();
    slice.serverCpuMs = cpu.serverMs;
    slice.databaseCpuMs = cpu.databaseMs;
    log(`contacts ${label} bulk ${mode.padEnd(7)} opt-outs ${describeSlice(slice)}`);
    await drain(db, orgs[mode].organizationId, s.drainTimeoutMs);
    return slice;
  };
  log("contacts: bulk warm-up (not reported), both organizations");
  for (const mode of ["without", "with"] as const) await slice(mode, "warm-up");
  const rounds: BulkRound[] = [];
  for (let r = 0; r < s.rounds; r++) {
    const order: Mode[] = r % 2 === 0 ? ["without", "with"] : ["with", "without"];
    const round = {} as BulkRound;
    for (const mode of order) round[mode] = await slice(mode, `${r + 1}/${s.rounds}`);
    rounds.push(round);
  }
  return rounds;
}

/** Messages the organization holds that were refused or failed: must be 0 (no recipient opted out). */
export async function failedCount(db: pg.Client, organizationId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM messages WHERE organization_id = $1 AND status = 'FAILED'`,
    [organizationId],
  );
  return rows[0]!.n;
}
