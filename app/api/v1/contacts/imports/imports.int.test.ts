// Contacts CSV import (contract §10): accepted durably, processed in batches from a checkpoint.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { processImportBatch } from "@/server/contacts/imports/process-import";
import * as imports from "./route";
import * as byId from "./[id]/route";

let key: string;
let orgId: string;
let otherKey: string;
beforeAll(async () => {
  const s = await seedSender();
  key = s.testKey;
  orgId = s.organizationId;
  otherKey = (await seedSender()).testKey;
});

const upload = (csv: string, token = key, type = "text/csv", query?: Record<string, string>) =>
  call(imports.POST, "/api/v1/contacts/imports", {
    token,
    rawBody: csv,
    method: "POST",
    headers: { "content-type": type },
    query,
  });
const status = (id: string, token = key) => call(byId.GET, `/api/v1/contacts/imports/${id}`, { token, params: { id } });

function csvOf(n: number, from = 0): string {
  const lines = ["phone,first_name,tags,plan"];
  for (let i = from; i < from + n; i++) lines.push(`+1415557${String(i).padStart(4, "0")},N${i},a;b,p${i}`);
  return lines.join("\n") + "\n";
}

describe("contacts import", () => {
  it("accepts a CSV with 202, stores its parsed rows with the import row and a job, PENDING", async () => {
    const res = await upload(csvOf(3));
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ id: expect.stringMatching(/^imp_/), status: "PENDING" });
    const row = await getDb().contactImport.findFirstOrThrow({ where: { id: res.json.id } });
    expect(row.totalRows).toBe(3);
    const chunks = await getDb().contactImportChunk.findMany({ where: { importId: res.json.id } });
    expect(chunks.map((c) => [c.seq, c.firstRecord, JSON.parse(c.records).length])).toEqual([[0, 0, 3]]);
    const jobs = await getDb().job.findMany({ where: { functionId: "import-contacts" } });
    expect(jobs.some((j) => JSON.stringify(j.data).includes(res.json.id))).toBe(true);
  });

  it("refuses a CSV without a phone column, another media type, and another org's import", async () => {
    expectError(await upload("name\nAda\n"), 400, "invalid_request");
    expectError(await upload(csvOf(1), key, "application/json"), 415, "unsupported_media_type");
    const res = await upload(csvOf(1));
    expectError(await status(res.json.id, otherKey), 404, "not_found");
  });

  it("upserts by phone in batches, counts created/updated/skipped and lists row errors", async () => {
    await call((await import("../route")).POST, "/api/v1/contacts", {
      token: key,
      body: { phone: "+14155570001", firstName: "Old", attributes: { keep: "yes" } },
    });
    const csv = csvOf(5) + "not-a-phone,X,,\n+14155570002,Again,,\n";
    const res = await upload(csv);
    while (await processImportBatch(getDb(), res.json.id, 2));
    const s = (await status(res.json.id)).json;
    expect(s).toEqual({
      id: res.json.id,
      status: "COMPLETED",
      totalRows: 7,
      processedRows: 7,
      created: 4,
      updated: 2,
      skipped: 1,
      errors: [{ row: 7, line: 7, value: "not-a-phone", message: expect.stringContaining("E.164") }],
      failureReason: null,
    });
    const c = await getDb().contact.findFirstOrThrow({ where: { organizationId: orgId, phone: "+14155570001" } });
    expect(c).toMatchObject({ firstName: "N1", tags: ["a", "b"], attributes: { keep: "yes", plan: "p1" } });
    const again = await getDb().contact.findFirstOrThrow({ where: { organizationId: orgId, phone: "+14155570002" } });
    expect(again.firstName).toBe("Again");
  });

  it("reads other column names through ?mapping= (a full name split in two); without it, §10 as it is", async () => {
    const csv =
      "Mobile,name,E-mail,Notes\n+14155571001,Ada King Lovelace,ada@example.com,met at a fair\n+14155571002,Grace,,\n";
    const mapping = { Mobile: "phone", NAME: "full_name", "e-mail": "email", notes: "skip" };
    const res = await upload(csv, key, "text/csv", { mapping: JSON.stringify(mapping) });
    expect(res.status).toBe(202);
    while (await processImportBatch(getDb(), res.json.id, 10));
    expect((await status(res.json.id)).json).toMatchObject({ status: "COMPLETED", created: 2, skipped: 0 });
    const contact = (phone: string) => getDb().contact.findFirstOrThrow({ where: { organizationId: orgId, phone } });
    expect(await contact("+14155571001")).toMatchObject({
      firstName: "Ada",
      lastName: "King Lovelace",
      email: "ada@example.com",
      attributes: {},
    });
    expect(await contact("+14155571002")).toMatchObject({ firstName: "Grace", lastName: null, email: null });

    // The default is the contract's: `name` is an attribute, and `Mobile` is no phone column.
    const plain = await upload("phone,name\n+14155571003,Alan Turing\n");
    while (await processImportBatch(getDb(), plain.json.id, 10));
    expect(await contact("+14155571003")).toMatchObject({ firstName: null, attributes: { name: "Alan Turing" } });
    expectError(await upload(csv), 400, "invalid_request");

    // Mappings that cannot be right are refused before anything is stored.
    const refused: [string, string][] = [
      [csv, "{not json"],
      [csv, JSON.stringify({ Mobile: "phone", Fax: "phone" })], // no such column
      [csv, JSON.stringify({ Mobile: "phone", name: "telepathy" })], // no such field
      [csv, JSON.stringify({ Mobile: "phone", "E-mail": "phone" })], // phone twice
      ["phone,first_name,name\n+14155571004,A,B C\n", JSON.stringify({ name: "full_name" })], // both
      ["phone,email\n+14155571005,a@example.com\n", JSON.stringify({ email: "attribute" })],
    ];
    for (const [body, mapping] of refused) {
      expectError(await upload(body, key, "text/csv", { mapping }), 400, "invalid_request");
    }
  });

  it("resumes after a crash mid-way from the checkpoint: no duplicates, counts right", async () => {
    const s = await seedSender();
    const res = await upload(csvOf(25, 100), s.testKey);
    const id = res.json.id as string;
    // Two batches commit, then the process dies inside the third: its transaction rolls back.
    await processImportBatch(getDb(), id, 10);
    await processImportBatch(getDb(), id, 10);
    await expect(
      getDb().$transaction(async (tx) => {
        await tx.$executeRaw`UPDATE contact_imports SET processed_rows = processed_rows + 5 WHERE id = ${id}`;
        throw new Error("killed");
      }),
    ).rejects.toThrow("killed");
    expect((await status(id, s.testKey)).json).toMatchObject({ status: "RUNNING", processedRows: 20, created: 20 });
    // The restarted job runs every batch again from the checkpoint.
    while (await processImportBatch(getDb(), id, 10));
    expect((await status(id, s.testKey)).json).toMatchObject({
      status: "COMPLETED",
      totalRows: 25,
      processedRows: 25,
      created: 25,
      updated: 0,
      skipped: 0,
    });
    expect(await getDb().contact.count({ where: { organizationId: s.organizationId } })).toBe(25);
    expect(await processImportBatch(getDb(), id, 10)).toBe(false);
  });

  it("two imports processed in alternating batches each read their own rows", async () => {
    const s = await seedSender();
    const a = (await upload(csvOf(7, 200), s.testKey)).json.id as string;
    const b = (await upload(csvOf(5, 300), s.testKey)).json.id as string;
    let more = true;
    while (more) {
      const moreA = await processImportBatch(getDb(), a, 3);
      const moreB = await processImportBatch(getDb(), b, 3);
      more = moreA || moreB;
    }
    for (const [id, rows] of [
      [a, 7],
      [b, 5],
    ] as const) {
      expect((await status(id, s.testKey)).json).toMatchObject({
        status: "COMPLETED",
        processedRows: rows,
        created: rows,
      });
    }
    const phones = (await getDb().contact.findMany({ where: { organizationId: s.organizationId } })).map(
      (c) => c.phone,
    );
    expect(phones.sort()).toEqual(
      [...Array.from({ length: 7 }, (_, i) => 200 + i), ...Array.from({ length: 5 }, (_, i) => 300 + i)].map(
        (i) => `+1415557${String(i).padStart(4, "0")}`,
      ),
    );
  });
});
