// Issue 25: imports that cannot stall the server or stall forever, validated like the API.
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/client";
import { call, expectError } from "@/server/test/http";
import { seedSender } from "@/server/test/messaging";
import { processImportBatch } from "@/server/contacts/imports/process-import";
import { upsertContacts } from "@/server/contacts/imports/upsert-contacts";
import { importContactsJob } from "@/server/jobs/functions/import-contacts";
import { logger } from "@/server/logger";
import { loggedSetAside, poisonRows } from "@/server/test/isolation";
import * as imports from "./route";
import * as byId from "./[id]/route";

let key: string;
let orgId: string;
afterEach(() => vi.restoreAllMocks());
beforeAll(async () => {
  const s = await seedSender();
  key = s.testKey;
  orgId = s.organizationId;
});

const upload = (csv: string | Buffer) =>
  call(imports.POST, "/api/v1/contacts/imports", {
    token: key,
    rawBody: csv as string,
    method: "POST",
    headers: { "content-type": "text/csv" },
  });
const status = (id: string) => call(byId.GET, `/api/v1/contacts/imports/${id}`, { token: key, params: { id } });
async function runToEnd(id: string) {
  while (await processImportBatch(getDb(), id, 1000));
  return (await status(id)).json;
}
const jobContext = (importId: string, attempt: number) =>
  ({ event: { name: "contacts/import.created", data: { importId } }, db: getDb(), attempt }) as never;
const phone = (n: number) => `+1415558${String(n).padStart(4, "0")}`;
const contactOf = (p: string) => getDb().contact.findFirst({ where: { organizationId: orgId, phone: p } });

describe("imports refuse what would stall the server (400)", () => {
  it("more than 100 columns, even a header of 200,000 commas", async () => {
    const wide = `phone,${Array.from({ length: 100 }, (_, i) => `c${i}`).join(",")}\n${phone(1)}\n`;
    expectError(await upload(wide), 400, "invalid_request");
    const started = Date.now();
    const res = await upload(`phone${",".repeat(200_000)}\n${phone(1)}\n`);
    expectError(res, 400, "invalid_request");
    expect(res.json.error.message).toContain("at most 100");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a field of 9 MiB", async () => {
    const res = await upload(`phone,first_name\n${phone(2)},${"x".repeat(9 * 1024 * 1024)}\n`);
    expectError(res, 400, "invalid_request");
    expect(res.json.error.details).toEqual([{ path: "csv.2", message: "row too long" }]);
  });

  it("a header naming a column twice, and U+0000 in a cell (naming row and column)", async () => {
    const dup = await upload(`phone,email,Email\n${phone(3)},a@b.co,c@d.co\n`);
    expectError(dup, 400, "invalid_request");
    expect(dup.json.error.message).toContain("`email` appears twice");
    const nul = await upload(`phone,first_name\n${phone(4)},Ada\n${phone(5)},B\u0000b\n`);
    expectError(nul, 400, "invalid_request");
    expect(nul.json.error.details).toEqual([{ path: "csv.3.first_name", message: "Text may not contain U+0000." }]);
    expect(await contactOf(phone(4))).toBeNull();
  });
});

describe("rows are checked like the API; a bad row never stalls its import", () => {
  it("names, emails, attributes and tags past the API's limits are row errors; the batch's good rows land", async () => {
    const csv = [
      "phone,first_name,email,tags,plan",
      `${phone(10)},${"N".repeat(6000)},,,`,
      `${phone(11)},Ok,not-an-email,,`,
      `${phone(12)},Ok,,${"t".repeat(300)},`,
      `${phone(13)},Ok,,,${"a".repeat(5000)}`,
      `${phone(14)},Good,good@example.com,vip,pro`,
    ].join("\n");
    const res = await upload(csv);
    expect(res.status).toBe(202);
    const done = await runToEnd(res.json.id);
    expect(done).toMatchObject({ status: "COMPLETED", totalRows: 5, processedRows: 5, created: 1, skipped: 4 });
    expect(done.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4, 5]);
    expect(done.errors[0].message).toContain("first_name");
    expect(done.errors[1].message).toContain("email");
    expect(done.errors[2].message).toContain("tags");
    expect(done.errors[3].message).toContain("plan");
    expect(await contactOf(phone(10))).toBeNull();
    expect(await contactOf(phone(14))).toMatchObject({ firstName: "Good", tags: ["vip"], attributes: { plan: "pro" } });
  });

  it("an unterminated quote is an error on its row; the rows after it are imported", async () => {
    const csv = `phone,first_name\n${phone(20)},"Multi\nline"\n${phone(21)},"Open\n${phone(22)},After\n${phone(23)},Last\n`;
    const res = await upload(csv);
    expect(res.status).toBe(202);
    const done = await runToEnd(res.json.id);
    expect(done).toMatchObject({ status: "COMPLETED", totalRows: 4, created: 3, skipped: 1 });
    // Row 3 starts on line 4: row 2 spans two lines.
    expect(done.errors).toEqual([{ row: 3, line: 4, message: expect.stringContaining("unterminated quote") }]);
    expect(await contactOf(phone(20))).toMatchObject({ firstName: "Multi\nline" });
    expect(await contactOf(phone(22))).toMatchObject({ firstName: "After" });
    expect(await contactOf(phone(23))).toMatchObject({ firstName: "Last" });
  });

  it("a row the database refuses becomes a row error; the rest of its batch is stored", async () => {
    // Past the btree index's row size (about 2.7 kB), as random text that does not compress.
    const huge = randomBytes(4000).toString("base64");
    const rows = [30, 31, 32].map((n) => ({
      row: n,
      phone: phone(n),
      firstName: n === 31 ? huge : `R${n}`,
      lastName: null,
      email: null,
      tags: [],
      attributes: {},
    }));
    const result = await getDb().$transaction((tx) => upsertContacts(tx, orgId, rows));
    expect(result).toMatchObject({ created: 2, updated: 0, errors: [{ row: 31 }] });
    expect(await contactOf(phone(30))).toMatchObject({ firstName: "R30" });
    expect(await contactOf(phone(31))).toBeNull();
    expect(await contactOf(phone(32))).toMatchObject({ firstName: "R32" });
  });

  it("the upload is deleted when the import ends (its parsed chunks go as they are imported)", async () => {
    const res = await upload(`phone\n${phone(40)}\n${phone(41)}\n`);
    const id = res.json.id as string;
    expect((await getDb().contactImport.findFirstOrThrow({ where: { id } })).csv).toBe("");
    expect(await getDb().contactImportChunk.count({ where: { importId: id } })).toBe(1);
    await runToEnd(id);
    expect(await getDb().contactImportChunk.count({ where: { importId: id } })).toBe(0);
  });

  it("an import that fails on its own account ends FAILED at once, with its reason and error reference; another organization's import completes", async () => {
    vi.spyOn(logger, "error");
    const other = await seedSender();
    const res = await upload(`phone\n${phone(50)}\n`);
    const id = res.json.id as string;
    const fine = await call(imports.POST, "/api/v1/contacts/imports", {
      token: other.testKey,
      rawBody: `phone\n${phone(51)}\n`,
      method: "POST",
      headers: { "content-type": "text/csv" },
    });
    // Rows the job cannot read.
    await getDb().contactImportChunk.updateMany({ where: { importId: id }, data: { records: "{not json" } });
    await expect(importContactsJob.handler(jobContext(id, 0))).resolves.toMatchObject({ failed: true });
    await expect(importContactsJob.handler(jobContext(fine.json.id, 0))).resolves.toEqual({ batches: 0 });
    const failed = (await status(id)).json;
    expect(failed).toMatchObject({
      status: "FAILED",
      failureReason: expect.stringMatching(/^The import stopped: .*JSON.* \(error reference err_\w+\)$/),
    });
    const reference = /err_\w+/.exec(failed.failureReason)![0];
    expect(loggedSetAside(reference)).toMatchObject({ kind: "import", id, stack: expect.any(String) });
    expect(await getDb().contactImportChunk.count({ where: { importId: id } })).toBe(0);
    expect(await getDb().contactImport.findFirstOrThrow({ where: { id: fine.json.id } })).toMatchObject({
      status: "COMPLETED",
      created: 1,
    });
  });

  it("a transient database error is retried; the last attempt that fails ends the import FAILED", async () => {
    const res = await upload(`phone\n${phone(52)}\n`);
    const id = res.json.id as string;
    const cure = await poisonRows("contact_imports", "UPDATE", `NEW.id = '${id}' AND NEW.status <> 'FAILED'`, "40001");
    try {
      await expect(importContactsJob.handler(jobContext(id, 0))).rejects.toThrow();
      expect((await status(id)).json.status).toBe("PENDING");
      await expect(importContactsJob.handler(jobContext(id, importContactsJob.retries))).resolves.toMatchObject({
        failed: true,
      });
    } finally {
      await cure();
    }
    expect((await status(id)).json).toMatchObject({
      status: "FAILED",
      failureReason: expect.stringContaining(`after ${importContactsJob.retries + 1} attempts`),
    });
  });
});
