// contract §1 on every paged list, REST and tRPC: the cursors a list hands out page through every
// row exactly once; a cursor it did not hand out (garbage, a row id, a tampered one, another list's,
// another organization's) is 400 `invalid_request`, never an empty page or another position.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { call, expectError } from "../test/http";
import { seedOrganization, type SeededMember } from "../test/seed";
import { getTrpc } from "../test/trpc";
import { insertMessages } from "../messages/insert-messages";
import * as auditLog from "@/app/api/v1/developer/audit-log/route";
import * as deliveries from "@/app/api/v1/developer/webhooks/[id]/deliveries/route";

const ROWS = 7;
const LIMIT = 3;

interface Org {
  member: SeededMember;
  webhookId: string;
  /** Each list's rows, newest first. */
  rows: Record<"audit.log" | "webhook.deliveries" | "otp.codes" | "messages", string[]>;
}

const newestFirst = (ids: string[]) => [...ids].sort().reverse();

async function seedOrg(): Promise<Org> {
  const member = await seedOrganization("owner");
  const organizationId = member.organizationId;
  const db = getDb();
  const ids = (prefix: "aud" | "dlv" | "otp" | "msg") => Array.from({ length: ROWS }, () => newId(prefix));
  const audit = ids("aud");
  await db.auditLogEntry.createMany({
    data: audit.map((id) => ({
      id,
      organizationId,
      actorType: "system",
      action: "apiKey.created",
      resourceType: "apiKey",
      resourceId: newId("key"),
    })),
  });
  const webhookId = newId("wh");
  await db.webhook.create({
    data: { id: webhookId, organizationId, name: "Paged", url: "https://example.com/hooks", events: ["*"] },
  });
  const dlv = ids("dlv");
  await db.webhookDelivery.createMany({
    data: dlv.map((id) => ({
      id,
      organizationId,
      webhookId,
      eventId: newId("evt"),
      event: "message.delivered",
      body: "{}",
      status: "SUCCEEDED" as const,
      attemptCount: 1,
      nextAttemptAt: null,
    })),
  });
  const otp = ids("otp");
  await db.otpCode.createMany({
    data: otp.map((id) => ({
      id,
      organizationId,
      environment: "test" as const,
      to: "+14155550123",
      codeHash: "hmac-of-the-code",
      length: 6,
      messageId: newId("msg"),
      expiresAt: new Date(Date.now() + 600_000),
    })),
  });
  const msg = ids("msg");
  await insertMessages(
    null,
    msg.map((id) => ({
      id,
      organizationId,
      apiKeyId: null,
      batchId: null,
      otpId: null,
      environment: "test" as const,
      to: "+14155550123",
      from: "SG",
      body: "paged",
      segments: 1,
      encoding: "GSM-7",
    })),
    new Date(),
  );
  return {
    member,
    webhookId,
    rows: {
      "audit.log": newestFirst(audit),
      "webhook.deliveries": newestFirst(dlv),
      "otp.codes": newestFirst(otp),
      messages: newestFirst(msg),
    },
  };
}

interface PageResult {
  status: number;
  ids: string[];
  next: string | null;
  /** Asserts the answer is the contract's 400 invalid_request about the cursor. */
  expectInvalidCursor(): void;
}

interface Surface {
  name: string;
  list: keyof Org["rows"];
  page(org: Org, cursor?: string): Promise<PageResult>;
}

/** A REST list: an array body and X-Next-Cursor. */
async function rest(res: Awaited<ReturnType<typeof call>>): Promise<PageResult> {
  return {
    status: res.status,
    ids: res.status === 200 ? (res.json as { id: string }[]).map((r) => r.id) : [],
    next: res.headers.get("x-next-cursor"),
    expectInvalidCursor() {
      expectError(res, 400, "invalid_request");
      expect(res.json.error.details).toEqual([{ path: "cursor", message: expect.any(String) }]);
    },
  };
}

/** A tRPC query as the dashboard sends it: `{ items, nextCursor }`, errors with the app's code. */
async function trpc(path: string, org: Org, input: Record<string, unknown>): Promise<PageResult> {
  const res = await getTrpc(path, input, { user: { id: org.member.userId } }, org.member.organizationId);
  const page = res.body.result?.data.json as { items: { id: string }[]; nextCursor: string | null } | undefined;
  return {
    status: res.status,
    ids: page?.items.map((r) => r.id) ?? [],
    next: page?.nextCursor ?? null,
    expectInvalidCursor() {
      expect(res.status).toBe(400);
      expect(res.body.error?.json.data).toMatchObject({
        code: "BAD_REQUEST",
        appCode: "invalid_request",
        details: [{ path: "cursor", message: expect.any(String) }],
      });
    },
  };
}

const withCursor = (cursor: string | undefined): Record<string, string> => (cursor === undefined ? {} : { cursor });

const SURFACES: Surface[] = [
  {
    name: "GET /developer/audit-log",
    list: "audit.log",
    page: async (org, cursor) =>
      rest(
        await call(auditLog.GET, "/api/v1/developer/audit-log", {
          token: org.member.accessToken,
          query: { limit: String(LIMIT), ...withCursor(cursor) },
        }),
      ),
  },
  {
    name: "tRPC auditLog.list",
    list: "audit.log",
    page: (org, cursor) => trpc("auditLog.list", org, { limit: LIMIT, ...withCursor(cursor) }),
  },
  {
    name: "GET /developer/webhooks/:id/deliveries",
    list: "webhook.deliveries",
    page: async (org, cursor) =>
      rest(
        await call(deliveries.GET, `/api/v1/developer/webhooks/${org.webhookId}/deliveries`, {
          token: org.member.accessToken,
          params: { id: org.webhookId },
          query: { limit: String(LIMIT), ...withCursor(cursor) },
        }),
      ),
  },
  {
    name: "tRPC webhooks.deliveries",
    list: "webhook.deliveries",
    page: (org, cursor) => trpc("webhooks.deliveries", org, { limit: LIMIT, ...withCursor(cursor) }),
  },
  {
    name: "tRPC messages.list (the dashboard's Messages list)",
    list: "messages",
    page: (org, cursor) => trpc("messages.list", org, { limit: LIMIT, ...withCursor(cursor) }),
  },
  {
    name: "tRPC otp.list",
    list: "otp.codes",
    page: (org, cursor) => trpc("otp.list", org, { limit: LIMIT, ...withCursor(cursor) }),
  },
];

/** Which list's cursor to offer each list: always a different one. */
const OTHER_LIST: Record<Surface["list"], Surface["list"]> = {
  "audit.log": "webhook.deliveries",
  "webhook.deliveries": "otp.codes",
  "otp.codes": "messages",
  messages: "audit.log",
};

let a: Org;
let b: Org;
beforeAll(async () => {
  a = await seedOrg();
  b = await seedOrg();
});

/** The cursor the first page of `surface` hands `org`. */
async function firstCursor(surface: Surface, org: Org): Promise<string> {
  const first = await surface.page(org);
  expect(first.status).toBe(200);
  expect(first.next).toEqual(expect.any(String));
  return first.next!;
}

describe.each(SURFACES)("$name", (surface) => {
  it("pages through every row exactly once, newest first, with the cursors it hands out", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await surface.page(a, cursor);
      expect(page.status).toBe(200);
      expect(page.ids.length).toBeLessThanOrEqual(LIMIT);
      seen.push(...page.ids);
      cursor = page.next ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(Math.ceil(ROWS / LIMIT));
    expect(seen).toEqual(a.rows[surface.list]);
  });

  it("refuses garbage, a row id and a tampered cursor with 400 invalid_request", async () => {
    const real = await firstCursor(surface, a);
    const [payload, mac] = real.split(".");
    const tampered = `${payload}.${mac!.slice(0, -2)}${mac!.endsWith("AA") ? "BB" : "AA"}`;
    const rowId = a.rows[surface.list][2]!;
    for (const cursor of ["garbage", rowId, tampered]) {
      const page = await surface.page(a, cursor);
      expect(page.status, cursor).toBe(400);
      page.expectInvalidCursor();
    }
  });

  it("refuses a cursor issued for another list of the same organization", async () => {
    const other = SURFACES.find((s) => s.list === OTHER_LIST[surface.list])!;
    const page = await surface.page(a, await firstCursor(other, a));
    expect(page.status).toBe(400);
    page.expectInvalidCursor();
  });

  it("refuses a cursor issued to another organization, and still pages that organization with it", async () => {
    const theirs = await firstCursor(surface, b);
    const page = await surface.page(a, theirs);
    expect(page.status).toBe(400);
    page.expectInvalidCursor();
    expect(page.ids).toEqual([]);
    expect((await surface.page(b, theirs)).ids).toEqual(b.rows[surface.list].slice(LIMIT, 2 * LIMIT));
  });
});
