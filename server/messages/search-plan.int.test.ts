// The Messages search (issue 30, item 3): a message id, a number or its beginning, and its last digits
// each read an index range, never the organization's whole history. The last digits go through the
// expression index on reverse(to_number) (migration 20261127040000_search_indexes), filled by the same
// INSERT that accepts the messages (insertMessages here, the real accepting statement).
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedApiKey, seedOrganization } from "../test/seed";
import { newMessage } from "../test/new-message";
import { explainWithoutSeqScan, indexNames, seqScans } from "../test/explain";
import { messageSearchSchema } from "@/schemas/message-views";
import { insertMessages } from "./insert-messages";
import { listMessages, messagePageSql } from "./list-messages";

const number = (i: number) => `+1500555${String(i % 400).padStart(4, "0")}`;

async function seed() {
  const { organizationId } = await seedOrganization();
  const key = await seedApiKey(organizationId, { name: "Checkout service", environment: "test" });
  const messages = Array.from({ length: 2000 }, (_, i) =>
    newMessage(organizationId, { to: number(i), body: `Order ${i} has shipped`, apiKeyId: key.id }),
  );
  for (let i = 0; i < messages.length; i += 500) await insertMessages(null, messages.slice(i, i + 500), new Date());
  await getDb().$executeRawUnsafe("ANALYZE messages");
  return { organizationId, messages };
}

const search = (v: string) => messageSearchSchema.parse(v);

describe("Messages search", () => {
  it("finds a number by its last digits through the reversed-number index", async () => {
    const { organizationId } = await seed();
    const plan = await explainWithoutSeqScan(
      messagePageSql(organizationId, { search: search("5550001") }, undefined, 26),
    );
    expect(seqScans(plan)).toEqual([]);
    expect(indexNames(plan)).toContain("messages_organization_id_to_reversed_idx");

    const page = await listMessages(getDb(), organizationId, { search: search("5550001"), limit: 25 });
    expect(page.items).toHaveLength(5);
    expect(page.items.every((m) => m.to === "+15005550001")).toBe(true);
    const ids = page.items.map((m) => m.id);
    expect(ids).toEqual([...ids].sort().reverse());
    // Fewer digits: every number ending with them, still newest first.
    const wider = await listMessages(getDb(), organizationId, { search: search("001"), limit: 100 });
    expect(new Set(wider.items.map((m) => m.to))).toEqual(new Set(["+15005550001"]));
    const none = await listMessages(getDb(), organizationId, { search: search("9990001"), limit: 25 });
    expect(none.items).toEqual([]);
  });

  it("finds a message by its id (the primary key) and a number by its beginning (the recipient index)", async () => {
    const { organizationId, messages } = await seed();
    const target = messages[1234]!;
    const byId = await explainWithoutSeqScan(
      messagePageSql(organizationId, { search: search(target.id) }, undefined, 26),
    );
    expect(seqScans(byId)).toEqual([]);
    // The primary key, (organization_id, id), with both columns bound: one entry.
    expect(indexNames(byId)).toContain("messages_pkey");
    const found = await listMessages(getDb(), organizationId, { search: search(target.id) });
    expect(found.items.map((m) => m.id)).toEqual([target.id]);

    const byNumber = await explainWithoutSeqScan(
      messagePageSql(organizationId, { search: search("+15005550007") }, undefined, 26),
    );
    expect(indexNames(byNumber)).toContain("messages_organization_id_to_number_id_idx");
    const page = await listMessages(getDb(), organizationId, { search: search("+1 500 555 0007") });
    expect(page.items.map((m) => m.to)).toEqual(Array(5).fill("+15005550007"));

    // Another organization's id is not found.
    const other = await seedOrganization();
    expect((await listMessages(getDb(), other.organizationId, { search: search(target.id) })).items).toEqual([]);
  });

  it("shows each row's text snippet and its key's name; live bodies only to those who may read them", async () => {
    const { organizationId } = await seed();
    const page = await listMessages(getDb(), organizationId, { limit: 1 });
    expect(page.items[0]!.snippet).toMatch(/^Order \d+ has shipped$/);
    expect(page.items[0]!.apiKeyName).toBe("Checkout service");

    const live = await seedOrganization();
    await insertMessages(null, [newMessage(live.organizationId, { environment: "live", body: "secret" })], new Date());
    const hidden = await listMessages(getDb(), live.organizationId, {});
    expect(hidden.items[0]!.snippet).toBeNull();
    expect(hidden.items[0]!.apiKeyName).toBeNull();
    const shown = await listMessages(getDb(), live.organizationId, { canReadLiveBody: true });
    expect(shown.items[0]!.snippet).toBe("secret");
  });

  it("refuses what is neither an id, a number nor enough digits", () => {
    expect(messageSearchSchema.safeParse("55").success).toBe(false);
    expect(messageSearchSchema.safeParse("hello").success).toBe(false);
    expect(search("(415) 555-0177")).toEqual({ kind: "lastDigits", digits: "4155550177" });
  });
});
