// The contacts export (contract §10): CSV, the import's columns, every contact once.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { seedSender } from "@/server/test/messaging";
import * as exportRoute from "./route";

describe("GET /contacts/export", () => {
  it("streams every contact of the organization once, across pages, with attributes as columns", async () => {
    const s = await seedSender();
    const other = await seedSender();
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: newId("ct"),
      organizationId: s.organizationId,
      phone: `+1415556${String(i).padStart(4, "0")}`,
      firstName: i === 0 ? 'Ada, "the first"' : `N${i}`,
      tags: i === 0 ? ["vip", "beta"] : [],
      attributes: i === 0 ? { plan: "pro" } : {},
    }));
    await getDb().contact.createMany({ data: rows });
    await getDb().contact.create({
      data: { id: newId("ct"), organizationId: other.organizationId, phone: "+14155559999" },
    });

    const res = await exportRoute.GET(
      new Request("http://localhost/api/v1/contacts/export", { headers: { authorization: `Bearer ${s.testKey}` } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    const text = await res.text();
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe("phone,first_name,last_name,email,tags,plan");
    expect(lines).toHaveLength(1204);
    expect(lines.find((l) => l.startsWith("+14155560000,"))).toBe('+14155560000,"Ada, ""the first""",,,vip;beta,pro');
    expect(new Set(lines.slice(1).map((l) => l.split(",")[0])).size).toBe(1203);
    expect(text).not.toContain("+14155559999");
  });

  it("leaves a cell empty for a contact without an attribute another has, even one named like Object's own", async () => {
    const s = await seedSender();
    await getDb().contact.createMany({
      data: [
        {
          id: newId("ct"),
          organizationId: s.organizationId,
          phone: "+14155557001",
          attributes: { constructor: "c", toString: "t" },
        },
        { id: newId("ct"), organizationId: s.organizationId, phone: "+14155557002", attributes: {} },
      ],
    });
    const res = await exportRoute.GET(
      new Request("http://localhost/api/v1/contacts/export", { headers: { authorization: `Bearer ${s.testKey}` } }),
    );
    const [header, ...rows] = (await res.text()).trimEnd().split("\r\n");
    expect(header).toBe("phone,first_name,last_name,email,tags,constructor,toString");
    // Rows come in id order: two ids made in one millisecond need not follow their creation order.
    expect(rows.sort()).toEqual(["+14155557001,,,,,c,t", "+14155557002,,,,,,"]);
  });
});
