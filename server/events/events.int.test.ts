// The events API over its real routes (contract §13): list, get, and the stream's fan-out,
// resume and commit-order rules, on PGlite and PostgreSQL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getDriver } from "@/server/db/client";
import { getEnv } from "@/server/env";
import { newId } from "@/server/ids";
import { call, expectError } from "@/server/test/http";
import { api, runPipeline, seedSender } from "@/server/test/messaging";
import { seedApiKey, seedMember, seedOrganization } from "@/server/test/seed";
import { createThrowawayDatabase, postgresServerUrl, runOnOwnPostgresDatabase } from "@/server/test/postgres";
import * as list from "@/app/api/v1/developer/events/route";
import * as byId from "@/app/api/v1/developer/events/[id]/route";
import * as stream from "@/app/api/v1/developer/events/stream/route";
import { EventHub } from "./hub";
import { eventStreamResponse, MAX_UNREAD_BYTES } from "./sse-response";

// The stream reads below the database's transaction horizon: on the shared test database another
// file's long transaction (100,000 messages in one) would hold it back for its whole length.
runOnOwnPostgresDatabase();

type Sender = Awaited<ReturnType<typeof seedSender>>;
let sender: Sender;

beforeAll(async () => {
  sender = await seedSender();
});

async function sendAndDeliver(n: number, s: Sender = sender): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.send(s.testKey, { to: "+14155550100", body: `hello ${i}` });
    expect(res.status).toBe(202);
    ids.push(res.json.messageId);
  }
  await runPipeline(s.organizationId);
  return ids;
}

/** An SSE reader over a Response body: frames parsed as they arrive. */
function reader(res: Response) {
  const frames: { id?: string; event?: string; data?: string }[] = [];
  const body = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await body.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: { id?: string; event?: string; data?: string } = {};
        for (const line of block.split("\n")) {
          const m = /^(id|event|data): (.*)$/.exec(line);
          if (m) frame[m[1] as "id" | "event" | "data"] = m[2];
        }
        if (frame.event || frame.id) frames.push(frame);
      }
    }
    done = true;
  })();
  return {
    frames,
    get done() {
      return done;
    },
    events: () => frames.filter((f) => f.event !== "reset"),
    // On the shared test PostgreSQL another file's long write transaction in this database holds the
    // stream's horizon back (by design: it may still add events below it), so waits are generous.
    async until(pred: () => boolean, ms = 60_000) {
      const deadline = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(frames.map((f) => f.event))}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    cancel: async () => {
      await body.cancel().catch(() => {});
      await pump;
    },
  };
}

function openStream(hub: EventHub, organizationId: string, opts: { lastEventId?: string; types?: string[] } = {}) {
  const ac = new AbortController();
  const req = new Request("http://localhost/api/v1/developer/events/stream", { signal: ac.signal });
  const res = eventStreamResponse(
    req,
    { organizationId, types: opts.types ?? [], lastEventId: opts.lastEventId ?? null },
    hub,
  );
  return { res, r: reader(res), abort: () => ac.abort() };
}

describe("GET /developer/events", () => {
  it("lists the organization's events newest first, filters by type, pages with a cursor", async () => {
    const s = await seedSender();
    await sendAndDeliver(2, s);
    const all = await call(list.GET, "/api/v1/developer/events", { token: s.accessToken });
    expect(all.status).toBe(200);
    const types = all.json.map((e: { event: string }) => e.event);
    expect(types.filter((t: string) => t === "message.delivered")).toHaveLength(2);
    expect(types.filter((t: string) => t === "message.queued")).toHaveLength(2);
    const ids = all.json.map((e: { id: string }) => e.id);
    for (const e of all.json) expect(Object.keys(e).sort()).toEqual(["event", "id", "payload", "timestamp"]);

    // An API key with webhooks.manage reads them too.
    const manageKey = await seedApiKey(s.organizationId, { permissions: ["webhooks.manage"] });
    const delivered = await call(list.GET, "/api/v1/developer/events", {
      token: manageKey.rawKey,
      query: { types: "message.delivered,otp.*", limit: "1" },
    });
    expect(delivered.status).toBe(200);
    expect(delivered.json).toHaveLength(1);
    expect(delivered.json[0].event).toBe("message.delivered");
    const cursor = delivered.headers.get("x-next-cursor")!;
    expect(cursor).toBeTruthy();
    const next = await call(list.GET, "/api/v1/developer/events", {
      token: s.accessToken,
      query: { types: "message.delivered", limit: "1", cursor },
    });
    expect(next.json).toHaveLength(1);
    expect(ids.indexOf(next.json[0].id)).toBeGreaterThan(ids.indexOf(delivered.json[0].id));
    expect(next.headers.get("x-next-cursor")).toBeNull();

    const family = await call(list.GET, "/api/v1/developer/events", {
      token: s.accessToken,
      query: { types: "message.*" },
    });
    expect(family.json.length).toBe(all.json.length);

    const one = await call(byId.GET, `/api/v1/developer/events/${ids[0]}`, {
      token: s.accessToken,
      params: { id: ids[0] },
    });
    expect(one.status).toBe(200);
    expect(one.json).toEqual(all.json[0]);
  });

  it("lists newest first in commit order, as the stream delivers them, not in id order (contract §13)", async () => {
    const s = await seedOrganization();
    // Ids sort by when they were made; `early` commits in the later transaction, as an event made
    // just before a slower transaction commits does.
    const early = newId("evt");
    await new Promise((r) => setTimeout(r, 5));
    const late = newId("evt");
    const third = newId("evt");
    const insert = `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, 'message.queued', '{}', now())`;
    for (const id of [late, early, third]) await getDb().$executeRawUnsafe(insert, id, s.organizationId);
    const listed = await call(list.GET, "/api/v1/developer/events", { token: s.accessToken });
    expect(listed.json.map((e: { id: string }) => e.id)).toEqual([third, early, late]);
    // Page by page, the same order, each event once.
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call>> = await call(list.GET, "/api/v1/developer/events", {
        token: s.accessToken,
        query: { limit: "1", ...(cursor ? { cursor } : {}) },
      });
      paged.push(...page.json.map((e: { id: string }) => e.id));
      cursor = page.headers.get("x-next-cursor");
    } while (cursor);
    expect(paged).toEqual([third, early, late]);
  });

  it("answers 400 for a bad cursor or type, 404 for another tenant's event, 403 without webhooks.manage", async () => {
    const s = await seedSender();
    await sendAndDeliver(1, s);
    const other = await seedOrganization();
    const mine = await call(list.GET, "/api/v1/developer/events", { token: s.accessToken });
    const id = mine.json[0].id;
    expectError(await call(byId.GET, `/x/${id}`, { token: other.accessToken, params: { id } }), 404, "not_found");
    expectError(
      await call(list.GET, "/api/v1/developer/events", { token: s.accessToken, query: { cursor: "abc.def" } }),
      400,
      "invalid_request",
    );
    expectError(
      await call(list.GET, "/api/v1/developer/events", { token: s.accessToken, query: { types: "DROP TABLE" } }),
      400,
      "invalid_request",
    );
    const sendOnly = await seedApiKey(s.organizationId, { permissions: ["sms.send"] });
    expectError(
      await call(list.GET, "/api/v1/developer/events", { token: sendOnly.rawKey }),
      403,
      "insufficient_scope",
    );
    expectError(
      await call(stream.GET, "/api/v1/developer/events/stream", { token: sendOnly.rawKey }),
      403,
      "insufficient_scope",
    );
    // Support staff read events as they read webhooks.
    const support = await seedMember(s.organizationId, "support");
    expect((await call(list.GET, "/api/v1/developer/events", { token: support.accessToken })).status).toBe(200);
  });
});

describe("the stream", { timeout: 120_000 }, () => {
  let hub: EventHub;
  beforeAll(() => {
    hub = new EventHub({ intervalMs: 200, heartbeatMs: 60_000 });
  });
  afterAll(async () => {
    await hub.stop();
  });

  it("delivers each committed event once, to its organization only, and resumes after Last-Event-ID without gap or repeat", async () => {
    const s = await seedSender();
    const other = await seedSender();
    const a = openStream(hub, s.organizationId);
    const b = openStream(hub, other.organizationId);
    const typed = openStream(hub, s.organizationId, { types: ["message.delivered"] });
    await a.r.until(() => hub.connections === 3);
    await sendAndDeliver(2, s);
    const expected = (await call(list.GET, "/x", { token: s.accessToken })).json
      .map((e: { id: string }) => e.id)
      .reverse();
    await a.r.until(() => a.r.events().length >= expected.length);
    await typed.r.until(() => typed.r.events().length >= 2);
    expect(a.r.events().map((f) => f.id)).toEqual(expected);
    const first = JSON.parse(a.r.events()[0]!.data!);
    expect(first).toMatchObject({ id: expected[0], event: "message.queued", payload: expect.any(Object) });
    expect(typed.r.events().every((f) => f.event === "message.delivered")).toBe(true);
    expect(b.r.events()).toHaveLength(0);

    // Drop after the third event, commit more while disconnected, resume.
    await a.r.cancel();
    await sendAndDeliver(2, s);
    const resumed = openStream(hub, s.organizationId, { lastEventId: expected[2] });
    const all = (await call(list.GET, "/x", { token: s.accessToken })).json.map((e: { id: string }) => e.id).reverse();
    expect(all.length).toBeGreaterThan(expected.length);
    await resumed.r.until(() => resumed.r.events().length >= all.length - 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.r.events().map((f) => f.id)).toEqual(all.slice(3));
    await Promise.all([b.r.cancel(), typed.r.cancel(), resumed.r.cancel()]);
  });

  it("starts from now after `event: reset` for an unknown, foreign or expired Last-Event-ID", async () => {
    const s = await seedSender();
    const other = await seedSender();
    await sendAndDeliver(1, other);
    const foreign = (await call(list.GET, "/x", { token: other.accessToken })).json[0].id;
    const old = newId("evt");
    await getDb().$executeRawUnsafe(
      `INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
       VALUES ($1, $2, 'message.queued', '{}', now() - interval '25 hours', now())`,
      old.replace(/^evt_.{8}/, `evt_${"0".repeat(8)}`),
      s.organizationId,
    );
    for (const lastEventId of ["evt_doesnotexist", foreign, old.replace(/^evt_.{8}/, `evt_${"0".repeat(8)}`)]) {
      const st = openStream(hub, s.organizationId, { lastEventId });
      await st.r.until(() => st.r.frames.some((f) => f.event === "reset"));
      await st.r.until(() => hub.connections >= 1);
      await sendAndDeliver(1, s);
      await st.r.until(() => st.r.events().some((f) => f.event === "message.delivered"));
      expect(st.r.frames[0]!.event).toBe("reset");
      expect(st.r.events().every((f) => f.id && !f.id.startsWith(`evt_${"0".repeat(8)}`))).toBe(true);
      await st.r.cancel();
    }
  });

  it("drops a client that stops reading instead of buffering without bound", async () => {
    const s = await seedOrganization();
    const st = openStream(hub, s.organizationId);
    await st.r.until(() => hub.connections >= 1);
    const before = hub.connections;
    // Never read: enough events to pass the unread limit.
    const payload = JSON.stringify({ filler: "x".repeat(2000) });
    const n = Math.ceil((MAX_UNREAD_BYTES * 2) / 2000);
    await getDb().$executeRawUnsafe(
      `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at)
       SELECT 'evt_' || lpad(g::text, 24, '0') || $3, $1, 'message.queued', $2::jsonb, now() FROM generate_series(1, $4::int) g`,
      s.organizationId,
      payload,
      newId("evt").slice(-6),
      n,
    );
    const deadline = Date.now() + 60_000;
    while (hub.connections >= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(hub.connections).toBe(before - 1);
    await st.r.cancel();
  });

  it("never lets an event that commits late fall behind a position already sent (PostgreSQL: concurrent transactions)", async (ctx) => {
    // PGlite has one connection: two transactions cannot be open at once.
    if (getDriver().kind !== "postgres") return ctx.skip();
    const s = await seedOrganization();
    const st = openStream(hub, s.organizationId);
    await st.r.until(() => hub.connections >= 1);
    const slow = new pg.Client({ connectionString: getEnv().DATABASE_URL });
    await slow.connect();
    const early = newId("evt"); // the smaller id
    await new Promise((r) => setTimeout(r, 5));
    const late = newId("evt");
    const insert = `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, 'message.queued', '{}', now())`;
    await slow.query("BEGIN");
    await slow.query(insert, [early, s.organizationId]);
    await getDb().$executeRawUnsafe(insert, late, s.organizationId);
    await new Promise((r) => setTimeout(r, 600));
    // The later transaction's event is held: sending it now would let `early` land behind it.
    expect(st.r.events().map((f) => f.id)).toEqual([]);
    await slow.query("COMMIT");
    await slow.end();
    await st.r.until(() => st.r.events().length >= 2);
    expect(st.r.events().map((f) => f.id)).toEqual([early, late]);
    // A stream resumed after `early` gets `late` exactly once.
    const resumed = openStream(hub, s.organizationId, { lastEventId: early });
    await resumed.r.until(() => resumed.r.events().length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(resumed.r.events().map((f) => f.id)).toEqual([late]);
    await Promise.all([st.r.cancel(), resumed.r.cancel()]);
  });

  it("is not held back by a long transaction in another database of the same server", async (ctx) => {
    const server = postgresServerUrl();
    if (getDriver().kind !== "postgres" || !server) return ctx.skip();
    const other = await createThrowawayDatabase(server);
    const elsewhere = new pg.Client({ connectionString: other.url });
    try {
      await elsewhere.connect();
      await elsewhere.query("CREATE TABLE t (x int)");
      await elsewhere.query("BEGIN");
      await elsewhere.query("INSERT INTO t VALUES (1)"); // holds an xid, cluster-wide
      const s = await seedSender();
      const st = openStream(hub, s.organizationId);
      await st.r.until(() => hub.connections >= 1);
      await sendAndDeliver(1, s);
      await st.r.until(() => st.r.events().some((f) => f.event === "message.delivered"), 45_000);
      await st.r.cancel();
    } finally {
      await elsewhere.end().catch(() => {});
      await other.drop();
    }
  });

  it("keeps delivering to a stream that opens while the last one's reader is stopping", async () => {
    const s = await seedOrganization();
    const insert = `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, 'message.queued', '{}', now())`;
    // The last stream closing stops the reader; a stream opening meanwhile starts a new one. A stop
    // that finished after the new start once cleared the reader's position and nothing was read again.
    for (let round = 0; round < 15; round++) {
      const gone = openStream(hub, s.organizationId);
      await gone.r.until(() => hub.connections === 1);
      await gone.r.cancel();
      const st = openStream(hub, s.organizationId);
      await st.r.until(() => hub.connections === 1);
      const id = newId("evt");
      await getDb().$executeRawUnsafe(insert, id, s.organizationId);
      await st.r.until(() => st.r.events().some((f) => f.id === id), 15_000);
      await st.r.cancel();
    }
  });

  it("answers the stream route with text/event-stream", async () => {
    const s = await seedOrganization();
    const req = new Request("http://localhost/api/v1/developer/events/stream?types=message.*", {
      headers: { authorization: `Bearer ${s.accessToken}` },
    });
    const res = await stream.GET(req, { params: Promise.resolve(undefined) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const first = await res.body!.getReader().read();
    expect(new TextDecoder().decode(first.value)).toContain("retry: 2000");
    await res.body!.cancel().catch(() => {});
  });
});
