// contract §9: GET /api/v1/sms (history) and GET /api/v1/sms/batches/:batchId.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { newIdAt } from "@/server/ids";
import { insertMessages, type NewMessage } from "@/server/messages/insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";
import { call, expectError } from "@/server/test/http";
import { api, seedSender } from "@/server/test/messaging";
import { messageHistoryItem } from "@/schemas/message-history";
import * as history from "./route";
import * as batch from "./batches/[batchId]/route";
import { newBatch } from "@/server/messages/batch-ids";

type Sender = Awaited<ReturnType<typeof seedSender>>;

const list = (key: string, query: Record<string, string> = {}) =>
  call(history.GET, "/api/v1/sms", { token: key, query });
const batchOf = (key: string, batchId: string) =>
  call(batch.GET, `/api/v1/sms/batches/${batchId}`, { token: key, params: { batchId } });

async function seedAt(sender: Sender, at: Date, fields: Partial<NewMessage> = {}) {
  const m: NewMessage & { createdAt: Date } = {
    id: newIdAt("msg", at),
    organizationId: sender.organizationId,
    apiKeyId: null,
    batchId: null,
    otpId: null,
    environment: "test",
    to: "+14155550123",
    from: "SG",
    body: "seeded",
    segments: 1,
    encoding: "GSM-7",
    createdAt: at,
    ...fields,
  };
  await insertMessages(null, [m], at);
  return m.id;
}

const idsOf = (res: { json: { messageId: string }[] }) => res.json.map((m) => m.messageId);

describe("GET /api/v1/sms", () => {
  let sender: Sender;
  const day = (n: number) => new Date(Date.UTC(2026, 10, n, 12));
  const seeded: Record<string, string> = {};
  beforeAll(async () => {
    sender = await seedSender();
    seeded.old = await seedAt(sender, day(1), { to: "+14155550101" });
    seeded.mid = await seedAt(sender, day(10), { to: "+14155550102", from: "Acme" });
    // A bulk's messages lie in the id range its batch id names (server/messages/batch-ids.ts).
    const bulk = newBatch(day(15));
    seeded.batchId = bulk.batchId;
    seeded.batch1 = await seedAt(sender, day(15), { id: bulk.newMessageId(), batchId: bulk.batchId });
    seeded.batch2 = await seedAt(sender, day(15), {
      id: bulk.newMessageId(),
      batchId: bulk.batchId,
      to: "+14155550102",
    });
    seeded.live = await seedAt(sender, day(16), { environment: "live", priceUnits: 79, country: "US" });
    seeded.recent = await seedAt(sender, day(20));
    await applyTransitionsById([{ messageId: seeded.mid, from: "QUEUED", to: "FAILED", errorCode: "x" }], new Date());
  });

  it("answers the key's environment only, newest first, as status objects with direction, batch and price", async () => {
    const res = await list(sender.testKey);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([seeded.recent, seeded.batch2, seeded.batch1, seeded.mid, seeded.old].sort().reverse());
    for (const item of res.json) expect(messageHistoryItem.parse(item)).toEqual(item);
    expect(res.json.find((m: { messageId: string }) => m.messageId === seeded.batch1)).toMatchObject({
      direction: "outbound",
      batchId: seeded.batchId,
      price: "0.0000",
      priceUnit: "USD",
      body: "seeded",
    });
    const live = await list(sender.liveKey);
    expect(idsOf(live)).toEqual([seeded.live]);
    expect(live.json[0]).toMatchObject({ price: "0.0079", environment: "live" });
    // Live bodies are never returned.
    expect(live.json[0].body).toBeUndefined();
  });

  it("filters by status, recipient, sender, batch, direction and creation time", async () => {
    const ids = async (query: Record<string, string>) => idsOf(await list(sender.testKey, query));
    expect(await ids({ status: "FAILED" })).toEqual([seeded.mid]);
    expect(await ids({ to: "+14155550102" })).toEqual([seeded.batch2, seeded.mid].sort().reverse());
    expect(await ids({ from: "Acme" })).toEqual([seeded.mid]);
    expect(await ids({ batchId: seeded.batchId! })).toEqual([seeded.batch1, seeded.batch2].sort().reverse());
    expect(await ids({ direction: "inbound" })).toEqual([]);
    expect((await ids({ direction: "outbound" })).length).toBe(5);
    expect(
      await ids({ createdAfter: day(10).toISOString(), createdBefore: new Date(day(15).getTime() + 1).toISOString() }),
    ).toEqual([seeded.batch2, seeded.batch1, seeded.mid].sort().reverse());
    // `createdBefore` is exclusive, `createdAfter` inclusive.
    expect(await ids({ createdAfter: day(20).toISOString() })).toEqual([seeded.recent]);
    expect(await ids({ createdBefore: day(1).toISOString() })).toEqual([]);
  });

  it("refuses bad queries with 400 invalid_request naming the parameter", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ limit: "0" }, "limit"],
      [{ limit: "101" }, "limit"],
      [{ status: "LOST" }, "status"],
      [{ to: "4155550123" }, "to"],
      [{ createdAfter: "yesterday" }, "createdAfter"],
      [{ createdAfter: day(2).toISOString(), createdBefore: day(1).toISOString() }, "createdBefore"],
      [{ color: "blue" }, ""],
      [{ cursor: "garbage" }, "cursor"],
    ];
    for (const [query, path] of cases) {
      const res = await list(sender.testKey, query);
      expectError(res, 400, "invalid_request");
      expect(
        res.json.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(query),
      ).toContain(path);
    }
  });

  it("never shows another organization's messages, and refuses its cursors", async () => {
    const other = await seedSender();
    await seedAt(other, day(12));
    const mine = new Set(idsOf(await list(sender.testKey)));
    for (const id of idsOf(await list(other.testKey))) expect(mine.has(id)).toBe(false);
    const theirs = await list(other.testKey, { limit: "1" });
    await seedAt(other, day(11));
    const next = (await list(other.testKey, { limit: "1" })).headers.get("x-next-cursor")!;
    expect(theirs.status).toBe(200);
    expectError(await list(sender.testKey, { cursor: next }), 400, "invalid_request");
  });
});

describe("paging", () => {
  it("returns every message exactly once while new messages keep arriving", async () => {
    const sender = await seedSender();
    const start = Date.now() - 60_000;
    const existing: string[] = [];
    for (let i = 0; i < 23; i++) existing.push(await seedAt(sender, new Date(start + i * 100)));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await list(sender.testKey, { limit: "5", ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...idsOf(res));
      // New messages arrive between pages (through the API, now): they sort before the first page.
      await api.send(sender.testKey, { to: "+14155550123", body: `arriving ${page}` });
      cursor = res.headers.get("x-next-cursor") ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([...existing].sort().reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });
});

describe("GET /api/v1/sms/batches/:batchId", () => {
  it("counts a bulk request's messages by status", async () => {
    const sender = await seedSender();
    const res = await api.bulk(sender.testKey, {
      messages: [
        { to: "+14155550123", body: "a" },
        { to: "+15005550001", body: "b" },
        { to: "+1415", body: "refused" },
      ],
    });
    const { batchId, messages } = res.json;
    await applyTransitionsById([{ messageId: messages[1].messageId, from: "QUEUED", to: "FAILED" }], new Date());
    const summary = await batchOf(sender.testKey, batchId);
    expect(summary.status).toBe(200);
    expect(summary.json).toEqual({
      batchId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      total: 2,
      counts: { QUEUED: 1, SENT: 0, DELIVERED: 0, UNDELIVERED: 0, FAILED: 1, SCHEDULED: 0, CANCELED: 0 },
    });
    const row = await getDb().message.findFirstOrThrow({ where: { id: messages[0].messageId } });
    expect(summary.json.createdAt).toBe(row.createdAt.toISOString());
  });

  it("answers 404 for an unknown batch, another organization's, and the other environment's", async () => {
    const sender = await seedSender();
    const other = await seedSender();
    const theirs = (await api.bulk(other.testKey, { messages: [{ to: "+14155550123", body: "x" }] })).json.batchId;
    expectError(await batchOf(sender.testKey, "bat_nothing"), 404, "not_found");
    expectError(await batchOf(sender.testKey, theirs), 404, "not_found");
    expectError(await batchOf(other.liveKey, theirs), 404, "not_found");
    expect((await batchOf(other.testKey, theirs)).status).toBe(200);
  });
});
