// contacts.country is written with the phone by every writer: create, update of the phone, import.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedOrganization } from "../test/seed";
import { countryOf } from "../billing/country-of";
import { createContact } from "./create-contact";
import { updateContact } from "./update-contact";
import { upsertContacts } from "./imports/upsert-contacts";
import type { ImportedContact } from "./imports/import-row";

let org: string;
beforeEach(async () => {
  org = (await seedOrganization("owner")).organizationId;
});

const storedOf = async (phone: string) =>
  (await getDb().contact.findUniqueOrThrow({ where: { organizationId_phone: { organizationId: org, phone } } }))
    .country;

const imported = (phone: string, row: number): ImportedContact => ({
  row,
  phone,
  firstName: null,
  lastName: null,
  email: null,
  tags: [],
  attributes: {},
});

describe("contacts.country", () => {
  it("create stores the phone's country; no country is stored as ZZ", async () => {
    await createContact(getDb(), org, { phone: "+16045550100" });
    await createContact(getDb(), org, { phone: "+447400123456" });
    await createContact(getDb(), org, { phone: "+80012345678" });
    expect(await storedOf("+16045550100")).toBe("CA");
    expect(await storedOf("+447400123456")).toBe("GB");
    expect(countryOf("+80012345678")).toBeNull();
    expect(await storedOf("+80012345678")).toBe("ZZ");
  });

  it("an update of the phone updates the country; other updates keep it", async () => {
    const c = await createContact(getDb(), org, { phone: "+12125550100" });
    await updateContact(getDb(), org, c.id, { firstName: "Ada" });
    expect(await storedOf("+12125550100")).toBe("US");
    await updateContact(getDb(), org, c.id, { phone: "+919876543210" });
    expect(await storedOf("+919876543210")).toBe("IN");
  });

  it("an import stores it for new rows and fills it in for rows that had none", async () => {
    await getDb().contact.create({ data: { id: "ct_legacy_country", organizationId: org, phone: "+18765550100" } });
    expect(await storedOf("+18765550100")).toBeNull();
    const result = await getDb().$transaction((tx) =>
      upsertContacts(tx, org, [imported("+18765550100", 2), imported("+12425550100", 3), imported("+14150000000", 4)]),
    );
    expect(result).toMatchObject({ created: 2, updated: 1, errors: [] });
    expect(await storedOf("+18765550100")).toBe("JM");
    expect(await storedOf("+12425550100")).toBe("BS");
    expect(await storedOf("+14150000000")).toBe("ZZ");
  });
});
