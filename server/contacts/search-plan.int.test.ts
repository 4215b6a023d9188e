// The Contacts search (issue 30, item 3): a case-insensitive prefix of the first name, last name, full
// name or email, each through its lower-cased expression index (migration 20261127040000_search_indexes),
// and tags in any case through the GIN index on the lower-cased tags. The tag picker's counts are kept by
// the contacts' statement triggers.
import { describe, expect, it } from "vitest";
import { getDb, Prisma } from "../db/client";
import { seedOrganization } from "../test/seed";
import { explainWithoutSeqScan, indexNames, seqScans } from "../test/explain";
import { newId } from "../ids";
import { contactConditions, contactPageSql, listContacts } from "./list-contacts";
import { listContactTags } from "./list-contact-tags";
import { updateContact } from "./update-contact";
import { deleteContact } from "./delete-contact";

const FIRST = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken"];
const LAST = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Thompson"];

async function seed(n = 2000) {
  const { organizationId } = await seedOrganization();
  const rows = Array.from({ length: n }, (_, i) => {
    // 64 famous names (8 first × 8 last), then unique ones.
    const first = i < 64 ? FIRST[i % 8]! : `Given${i}`;
    const last = i < 64 ? LAST[i >> 3]! : `Surname${i}`;
    return Prisma.sql`(${newId("ct")}, ${organizationId}, ${`+1415555${String(i).padStart(4, "0")}`}, ${first}, ${last},
      ${`${first}.${last}${i}@example.com`.toLowerCase()}, ${i % 50 === 0 ? ["VIP", "beta"] : ["newsletter"]}::text[])`;
  });
  await getDb().$executeRaw`
    INSERT INTO contacts (id, organization_id, phone, first_name, last_name, email, tags) VALUES ${Prisma.join(rows)}`;
  await getDb().$executeRawUnsafe("ANALYZE contacts");
  return organizationId;
}

const LOWER_INDEXES = [
  "contacts_organization_id_first_name_lower_idx",
  "contacts_organization_id_last_name_lower_idx",
  "contacts_organization_id_full_name_lower_idx",
  "contacts_organization_id_email_lower_idx",
];

describe("Contacts search", () => {
  it("reads the lower-cased name and email indexes, never a scan of the contacts", async () => {
    const organizationId = await seed();
    for (const q of ["ADA LOVELACE", "lovelace", "ada.lovelace0@", "grace", "surname1234"]) {
      const plan = await explainWithoutSeqScan(contactPageSql(contactConditions(organizationId, { q }, undefined), 26));
      expect(seqScans(plan), q).toEqual([]);
      expect(indexNames(plan), q).toEqual(expect.arrayContaining(LOWER_INDEXES));
    }
  });

  it("finds by full name, last name, first name and email prefix, in any case, newest first", async () => {
    const organizationId = await seed();
    const q = async (text: string) => (await listContacts(getDb(), organizationId, { q: text, limit: 100 })).items;
    expect((await q("ada lovelace")).map((c) => c.phone)).toEqual(["+14155550000"]);
    expect((await q("Ada  Love")).map((c) => `${c.firstName} ${c.lastName}`)).toEqual(["Ada Lovelace"]);
    expect((await q("HOPPER")).map((c) => c.lastName)).toEqual(Array(8).fill("Hopper"));
    expect((await q("grace")).map((c) => c.firstName)).toEqual(Array(8).fill("Grace"));
    expect((await q("GIVEN1999")).map((c) => c.firstName)).toEqual(["Given1999"]);
    expect((await q("grace.hopper9@")).map((c) => c.email)).toEqual(["grace.hopper9@example.com"]);
    expect((await q("1 415 555 0012")).map((c) => c.phone)).toEqual(["+14155550012"]);
    const ids = (await q("ada")).map((c) => c.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(await q("nobody")).toEqual([]);
  });

  it("filters by tag in any case through the lower-cased GIN index", async () => {
    const organizationId = await seed();
    const plan = await explainWithoutSeqScan(
      contactPageSql(contactConditions(organizationId, { tag: "vip" }, undefined), 26),
    );
    expect(seqScans(plan)).toEqual([]);
    expect(indexNames(plan)).toContain("contacts_tags_lower_idx");
    const page = await listContacts(getDb(), organizationId, { tag: "vip", limit: 100 });
    expect(page.items).toHaveLength(40);
    expect(page.items.every((c) => c.tags.includes("VIP"))).toBe(true);
  });

  it("keeps the tag picker's counts through inserts, updates and deletes", async () => {
    const organizationId = await seed(100);
    expect(await listContactTags(getDb(), organizationId)).toEqual([
      { tag: "beta", contacts: 2 },
      { tag: "newsletter", contacts: 98 },
      { tag: "VIP", contacts: 2 },
    ]);
    expect(await listContactTags(getDb(), organizationId, { prefix: "V" })).toEqual([{ tag: "VIP", contacts: 2 }]);
    const [vip] = (await listContacts(getDb(), organizationId, { tag: "VIP" })).items;
    await updateContact(getDb(), organizationId, vip!.id, { tags: ["vip", "Gold"] });
    expect(await listContactTags(getDb(), organizationId)).toEqual([
      { tag: "beta", contacts: 1 },
      { tag: "Gold", contacts: 1 },
      { tag: "newsletter", contacts: 98 },
      { tag: "VIP", contacts: 2 },
    ]);
    await deleteContact(getDb(), organizationId, vip!.id);
    expect(await listContactTags(getDb(), organizationId, { prefix: "g" })).toEqual([]);
    expect(await listContactTags(getDb(), organizationId, { prefix: "vi" })).toEqual([{ tag: "VIP", contacts: 1 }]);
    // Another organization sees none of them.
    const other = await seedOrganization();
    expect(await listContactTags(getDb(), other.organizationId)).toEqual([]);
  });
});
