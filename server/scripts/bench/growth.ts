import type pg from "pg";
import type { PrismaClient } from "../../db/generated/client";
import { listAuditLog } from "../../audit/list-audit-log";
import { listMessages } from "../../messages/list-messages";
import { listContacts } from "../../contacts/list-contacts";
import { listContactTags } from "../../contacts/list-contact-tags";
import { messageSearchSchema } from "@/schemas/message-views";
import { listOtpCodes } from "../../otp/list-otp-codes";
import { listDeliveries } from "../../webhooks/deliveries/list-deliveries";
import { percentile } from "./measure";

// `--only growth`'s measurements: one request (or domain call) at a time, each probe in turn
// (A B C …, then again), so a disturbance on the shared machine spreads over all of them.
//   - REST (over HTTP, through the server under test): single send and status, GET /api/v1/sms
//     under each filter and 100 pages deep, analytics;
//   - the dashboard's lists: the domain functions its tRPC procedures call (listMessages,
//     listDeliveries, listAuditLog, listOtpCodes), called in this process on its own Prisma
//     client, with the inputs the dashboard sends. The procedures add only their session check and
//     the same zod parse; the database work measured is the dashboard's.

export interface GrowthProbeContext {
  baseUrl: string;
  organizationId: string;
  /** sg_test_ key (sms.send, sms.read): single sends. */
  testKey: string;
  /** sg_live_ key (sms.read, analytics.read): the seeded history is live traffic. */
  liveKey: string;
  webhookId: string;
  prisma: PrismaClient;
  client: pg.Client;
}

/** Values picked once from the first (small) seed, so both sizes answer the same questions. */
export interface GrowthPicks {
  recipient: string;
  otpRecipient: string;
  batchId: string;
  messageId: string;
  /** A contact of the seed (issue 30's searches): "First Last", its last name, its email's local part. */
  contactFullName: string;
  contactLastName: string;
  contactEmailPrefix: string;
  /** A one-day range 45 days back. */
  dayFrom: Date;
  dayUntil: Date;
  /** 90 days and 7 days, ending with the current hour's end. */
  now: Date;
}

export async function pickProbeValues(c: GrowthProbeContext, startMs: number): Promise<GrowthPicks> {
  const one = async (sql: string) => {
    const { rows } = await c.client.query<{ v: string }>(sql, [c.organizationId]);
    if (!rows[0]) throw new Error(`growth: no value for ${sql}`);
    return rows[0].v;
  };
  const dayFrom = new Date(Math.floor((startMs + 45 * 86_400_000) / 86_400_000) * 86_400_000);
  return {
    recipient: await one(
      `SELECT to_number AS v FROM messages WHERE organization_id = $1 AND environment = 'live' AND otp_id IS NULL
       ORDER BY id OFFSET 4000 LIMIT 1`,
    ),
    otpRecipient: await one(
      `SELECT to_number AS v FROM otp_codes WHERE organization_id = $1 ORDER BY id OFFSET 200 LIMIT 1`,
    ),
    batchId: await one(
      `SELECT batch_id AS v FROM messages WHERE organization_id = $1 AND batch_id IS NOT NULL ORDER BY id OFFSET 3000 LIMIT 1`,
    ),
    messageId: await one(
      `SELECT id AS v FROM messages WHERE organization_id = $1 AND environment = 'live' ORDER BY id OFFSET 5000 LIMIT 1`,
    ),
    contactFullName: await one(
      `SELECT first_name || ' ' || last_name AS v FROM contacts WHERE organization_id = $1 ORDER BY id OFFSET 500 LIMIT 1`,
    ),
    contactLastName: await one(
      `SELECT last_name AS v FROM contacts WHERE organization_id = $1 ORDER BY id OFFSET 600 LIMIT 1`,
    ),
    contactEmailPrefix: await one(
      `SELECT split_part(email, '@', 1) AS v FROM contacts WHERE organization_id = $1 ORDER BY id OFFSET 700 LIMIT 1`,
    ),
    dayFrom,
    dayUntil: new Date(dayFrom.getTime() + 86_400_000),
    now: new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000),
  };
}

export interface Probe {
  name: string;
  group: "send" | "rest" | "dashboard" | "analytics";
  run: () => Promise<void>;
}

async function httpGet(c: GrowthProbeContext, key: string, path: string, expectItems: boolean): Promise<Response> {
  const res = await fetch(`${c.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const body = (await res.json()) as unknown;
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  if (expectItems && Array.isArray(body) && body.length === 0) throw new Error(`GET ${path} answered no rows`);
  return res;
}

/** The X-Next-Cursor after `pages` pages of GET /api/v1/sms (walked once, unmeasured). */
async function restCursorAfter(c: GrowthProbeContext, pages: number): Promise<string> {
  let cursor = "";
  for (let i = 0; i < pages; i++) {
    const res = await httpGet(c, c.liveKey, `/api/v1/sms?limit=50${cursor ? `&cursor=${cursor}` : ""}`, true);
    const next = res.headers.get("x-next-cursor");
    if (!next) throw new Error(`GET /api/v1/sms has fewer than ${pages + 1} pages`);
    cursor = encodeURIComponent(next);
  }
  return cursor;
}

async function dashboardCursorAfter(c: GrowthProbeContext, pages: number): Promise<string> {
  let cursor: string | undefined;
  for (let i = 0; i < pages; i++) {
    const page = await listMessages(c.prisma, c.organizationId, { cursor, limit: 25 });
    if (!page.nextCursor) throw new Error(`the Messages list has fewer than ${pages + 1} pages`);
    cursor = page.nextCursor;
  }
  return cursor!;
}

const nonEmpty = (name: string, items: unknown[]) => {
  if (items.length === 0) throw new Error(`${name}: no rows`);
};

export async function growthProbes(c: GrowthProbeContext, p: GrowthPicks): Promise<Probe[]> {
  const sms =
    (q: string, expectItems = true) =>
    () =>
      httpGet(c, c.liveKey, `/api/v1/sms?limit=50${q}`, expectItems).then(() => undefined);
  const day = `&createdAfter=${p.dayFrom.toISOString()}&createdBefore=${p.dayUntil.toISOString()}`;
  const restDeep = await restCursorAfter(c, 100);
  const dashPage2 = await dashboardCursorAfter(c, 1);
  const dashDeep = await dashboardCursorAfter(c, 100);
  const list = (name: string, o: Parameters<typeof listMessages>[2]) => async () =>
    nonEmpty(name, (await listMessages(c.prisma, c.organizationId, { limit: 25, ...o })).items);
  const search = (name: string, q: string) => list(name, { search: messageSearchSchema.parse(q) });
  const contacts = (name: string, o: Parameters<typeof listContacts>[2]) => async () =>
    nonEmpty(name, (await listContacts(c.prisma, c.organizationId, { limit: 25, ...o })).items);
  const deliveries = (name: string, o: { status?: "FAILED"; webhookId?: string }) => async () =>
    nonEmpty(name, (await listDeliveries(c.prisma, c.organizationId, { limit: 50, ...o })).items);
  const otp = (name: string, o: Parameters<typeof listOtpCodes>[2]) => async () =>
    nonEmpty(name, (await listOtpCodes(c.prisma, c.organizationId, { limit: 25, ...o })).items);
  const analytics = (path: string, from: Date, granularity: "day" | "hour") => () =>
    httpGet(
      c,
      c.liveKey,
      `/api/v1/analytics/${path}?granularity=${granularity}&from=${from.toISOString()}&to=${p.now.toISOString()}`,
      false,
    ).then(() => undefined);
  const sendBody = JSON.stringify({ to: "+14155550123", body: "growth bench" });
  return [
    {
      name: "POST /sms/send",
      group: "send",
      run: async () => {
        const res = await fetch(`${c.baseUrl}/api/v1/sms/send`, {
          method: "POST",
          headers: { authorization: `Bearer ${c.testKey}`, "content-type": "application/json" },
          body: sendBody,
        });
        await res.arrayBuffer();
        if (res.status !== 202) throw new Error(`POST /sms/send answered ${res.status}`);
      },
    },
    {
      name: "GET /sms/:id/status",
      group: "send",
      run: () => httpGet(c, c.liveKey, `/api/v1/sms/${p.messageId}/status`, false).then(() => undefined),
    },
    { name: "REST history: first page", group: "rest", run: sms("") },
    { name: "REST history: status=FAILED", group: "rest", run: sms("&status=FAILED") },
    { name: "REST history: to (one number)", group: "rest", run: sms(`&to=${encodeURIComponent(p.recipient)}`) },
    { name: "REST history: from=ACMEOTP (5 %)", group: "rest", run: sms("&from=ACMEOTP") },
    { name: "REST history: batchId", group: "rest", run: sms(`&batchId=${p.batchId}`) },
    { name: "REST history: direction=outbound", group: "rest", run: sms("&direction=outbound") },
    { name: "REST history: one day, 45 days back", group: "rest", run: sms(day) },
    { name: "REST history: page 101", group: "rest", run: sms(`&cursor=${restDeep}`) },
    { name: "Messages list: first page", group: "dashboard", run: list("first", {}) },
    { name: "Messages list: status FAILED", group: "dashboard", run: list("failed", { status: "FAILED" }) },
    { name: "Messages list: sandbox", group: "dashboard", run: list("sandbox", { environment: "test" }) },
    { name: "Messages list: one recipient", group: "dashboard", run: list("to", { to: p.recipient }) },
    {
      name: "Messages list: one day, 45 days back",
      group: "dashboard",
      run: list("day", { from: p.dayFrom, until: p.dayUntil }),
    },
    { name: "Messages list: page 2", group: "dashboard", run: list("page 2", { cursor: dashPage2 }) },
    { name: "Messages list: page 101", group: "dashboard", run: list("page 101", { cursor: dashDeep }) },
    { name: "Messages search: message id", group: "dashboard", run: search("search id", p.messageId) },
    { name: "Messages search: full number", group: "dashboard", run: search("search number", p.recipient) },
    { name: "Messages search: last 7 digits", group: "dashboard", run: search("search digits", p.recipient.slice(-7)) },
    { name: "Contacts: first page", group: "dashboard", run: contacts("contacts", {}) },
    {
      name: "Contacts search: full name",
      group: "dashboard",
      run: contacts("full name", { q: p.contactFullName.toUpperCase() }),
    },
    { name: "Contacts search: last name", group: "dashboard", run: contacts("last name", { q: p.contactLastName }) },
    {
      name: "Contacts search: email prefix",
      group: "dashboard",
      run: contacts("email", { q: `${p.contactEmailPrefix}@` }),
    },
    { name: "Contacts: tag vip (2 %, any case)", group: "dashboard", run: contacts("tag", { tag: "vip" }) },
    {
      name: "Contacts: tag picker",
      group: "dashboard",
      run: async () => nonEmpty("tags", await listContactTags(c.prisma, c.organizationId, { prefix: "b" })),
    },
    { name: "Delivery log: all", group: "dashboard", run: deliveries("deliveries", {}) },
    { name: "Delivery log: status FAILED", group: "dashboard", run: deliveries("failed", { status: "FAILED" }) },
    { name: "Delivery log: one webhook", group: "dashboard", run: deliveries("webhook", { webhookId: c.webhookId }) },
    {
      name: "Audit log: first page",
      group: "dashboard",
      run: async () =>
        nonEmpty(
          "audit",
          (await listAuditLog(c.prisma, c.organizationId, { limit: 50 }, { clientDetails: true })).items,
        ),
    },
    { name: "OTP activity: first page", group: "dashboard", run: otp("otp", {}) },
    { name: "OTP activity: EXPIRED", group: "dashboard", run: otp("expired", { status: "EXPIRED" }) },
    { name: "OTP activity: one recipient", group: "dashboard", run: otp("otp to", { to: p.otpRecipient }) },
    {
      name: "Analytics: 90 days by day",
      group: "analytics",
      run: analytics("messages", new Date(p.now.getTime() - 90 * 86_400_000), "day"),
    },
    {
      name: "Analytics: 7 days by hour",
      group: "analytics",
      run: analytics("messages", new Date(p.now.getTime() - 7 * 86_400_000), "hour"),
    },
    {
      name: "Analytics: OTP, 90 days by day",
      group: "analytics",
      run: analytics("otp", new Date(p.now.getTime() - 90 * 86_400_000), "day"),
    },
  ];
}

export interface ProbeFigures {
  name: string;
  group: Probe["group"];
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

/** `warmup` unrecorded rounds, then `samples` rounds of every probe in turn. A failing probe throws. */
export async function measureProbes(probes: Probe[], samples: number, warmup: number): Promise<ProbeFigures[]> {
  const times = probes.map(() => [] as number[]);
  for (let round = 0; round < warmup + samples; round++) {
    for (const [i, probe] of probes.entries()) {
      const t = performance.now();
      try {
        await probe.run();
      } catch (err) {
        throw new Error(`growth: ${probe.name}: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (round >= warmup) times[i]!.push(performance.now() - t);
    }
  }
  return probes.map((probe, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    return {
      name: probe.name,
      group: probe.group,
      samples: sorted.length,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      maxMs: sorted.at(-1) ?? Number.NaN,
    };
  });
}
