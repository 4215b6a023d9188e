import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { processImportBatch } from "../contacts/imports/process-import";
import { assignNumber } from "../numbers/numbers";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";

describe("contacts router", () => {
  it("creates, lists with filters, edits and deletes contacts with the REST functions' answers", async () => {
    const owner = await seedOrganization("owner");
    const dev = await seedMember(owner.organizationId, "developer");
    const api = callerFor(dev.userId).contacts;

    const ada = await api.create({ phone: "+14155550100", firstName: "Ada", tags: ["vip"] });
    expect(ada).toMatchObject({ phone: "+14155550100", firstName: "Ada", tags: ["vip"], optedOut: false });
    await api.create({ phone: "+14155550101", firstName: "Bob" });
    expect((await trpcError(api.create({ phone: "+14155550100" }))).code).toBe("CONFLICT");

    expect((await api.list({})).items.map((c) => c.firstName)).toEqual(["Bob", "Ada"]);
    expect((await api.list({ tag: "vip" })).items.map((c) => c.id)).toEqual([ada.id]);
    expect((await api.list({ q: "Bo" })).items.map((c) => c.firstName)).toEqual(["Bob"]);
    // As the dashboard's infinite query asks for it.
    const page = await api.list({ limit: 1, direction: "forward" });
    expect(page.nextCursor).not.toBeNull();
    expect((await api.list({ limit: 1, cursor: page.nextCursor! })).items.map((c) => c.id)).toEqual([ada.id]);

    const edited = await api.update({ id: ada.id, patch: { lastName: "Lovelace", tags: ["vip", "beta"] } });
    expect(edited).toMatchObject({ firstName: "Ada", lastName: "Lovelace", tags: ["vip", "beta"] });
    await api.delete({ id: ada.id });
    expect((await api.list({})).items.map((c) => c.firstName)).toEqual(["Bob"]);
    expect((await trpcError(api.delete({ id: ada.id }))).code).toBe("NOT_FOUND");
  });

  it("opts numbers out and back in from the dashboard, with the contact's badge and the events", async () => {
    const owner = await seedOrganization("owner");
    const api = callerFor(owner.userId).contacts;
    await api.create({ phone: "+14155550102" });
    const out = await api.addOptOut({ phone: "+14155550102" });
    expect(out).toMatchObject({ phone: "+14155550102", source: "dashboard" });
    expect((await api.list({ optedOut: true })).items.map((c) => c.phone)).toEqual(["+14155550102"]);
    expect((await api.list({ optedOut: false })).items).toEqual([]);
    expect((await api.optOuts({})).items.map((o) => o.phone)).toEqual(["+14155550102"]);

    await api.removeOptOut({ phone: "+14155550102" });
    expect((await api.optOuts({})).items).toEqual([]);
    expect((await trpcError(api.removeOptOut({ phone: "+14155550102" }))).code).toBe("NOT_FOUND");
    const events = await getDb().outboxEvent.findMany({
      where: { organizationId: owner.organizationId, type: { startsWith: "contact." } },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => [e.type, (e.payload as { source: string }).source])).toEqual([
      ["contact.opted_out", "dashboard"],
      ["contact.opted_in", "dashboard"],
    ]);
  });

  it("starts an import whose progress and row errors it reads back", async () => {
    const owner = await seedOrganization("owner");
    const api = callerFor(owner.userId).contacts;
    const { id } = await api.startImport({ csv: "phone,first_name\n+14155550103,Cy\nnot-a-number,Dee\n" });
    expect(await api.import({ id })).toMatchObject({ status: "PENDING", totalRows: 2, processedRows: 0 });
    while (await processImportBatch(getDb(), id));
    const done = await api.import({ id });
    expect(done).toMatchObject({ status: "COMPLETED", processedRows: 2, created: 1, skipped: 1 });
    expect(done.errors).toEqual([{ row: 3, line: 3, value: "not-a-number", message: expect.any(String) }]);
    expect((await trpcError(api.startImport({ csv: "name\nx\n" }))).code).toBe("BAD_REQUEST");
  });

  it("lets support read contacts, opt-outs and numbers, and refuses every change", async () => {
    const owner = await seedOrganization("owner");
    await callerFor(owner.userId).contacts.create({ phone: "+14155550104" });
    await assignNumber(getDb(), { number: "+14155550199", organizationId: owner.organizationId });
    const support = callerFor((await seedMember(owner.organizationId, "support")).userId).contacts;

    expect((await support.list({})).items).toHaveLength(1);
    expect((await support.optOuts({})).items).toEqual([]);
    expect((await support.numbers()).map((n) => n.number)).toEqual(["+14155550199"]);
    // Each call starts only when the last one has been refused.
    for (const call of [
      () => support.create({ phone: "+14155550105" }),
      () => support.addOptOut({ phone: "+14155550104" }),
      () => support.startImport({ csv: "phone\n+14155550106\n" }),
    ])
      expect((await trpcError(call())).code).toBe("FORBIDDEN");
  });

  it("keeps organizations apart", async () => {
    const a = await seedOrganization("owner", "A");
    const b = await seedOrganization("owner", "B");
    const contact = await callerFor(a.userId).contacts.create({ phone: "+14155550107" });
    const other = callerFor(b.userId).contacts;
    expect((await other.list({})).items).toEqual([]);
    expect((await trpcError(other.update({ id: contact.id, patch: { firstName: "X" } }))).code).toBe("NOT_FOUND");
    expect((await trpcError(other.delete({ id: contact.id }))).code).toBe("NOT_FOUND");
    expect(await other.numbers()).toEqual([]);
  });
});
