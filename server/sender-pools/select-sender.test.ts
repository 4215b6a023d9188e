import { describe, expect, it } from "vitest";
import { nanpAreaCode, selectPoolSenders, type PoolNumber, type PoolSettings } from "./select-sender";
import { allowsAlphanumericSender } from "./alphanumeric-countries";

const pool: PoolSettings = { alphanumericSenderId: "Acme", stickySender: true, geoMatch: true };
const num = (number: string, country: string | null, queuedSegments = 0, lastUsedAt = 0): PoolNumber => ({
  number,
  country,
  queuedSegments,
  lastUsedAt,
});
const us415 = num("+14155550100", "US", 50);
const us212 = num("+12125550100", "US", 10);
const gb = num("+447700900100", "GB", 500);
const to = (phone: string, country: string | null, segments = 1) => ({ to: phone, country, segments });

describe("selectPoolSenders", () => {
  it("keeps a recipient on the pool number that last texted it", () => {
    const sticky = new Map([["+14155559999", "+12125550100"]]);
    expect(selectPoolSenders(pool, [us415, us212], [to("+14155559999", "US")], sticky)).toEqual(["+12125550100"]);
  });

  it("ignores a sticky number that left the pool, or with stickySender off", () => {
    const sticky = new Map([["+14155559999", "+13105550100"]]);
    expect(selectPoolSenders(pool, [us415, us212], [to("+14155559999", "US")], sticky)).toEqual(["+14155550100"]);
    const stuck = new Map([["+14155559999", "+12125550100"]]);
    const off = { ...pool, stickySender: false };
    expect(selectPoolSenders(off, [us415, us212], [to("+14155559999", "US")], stuck)).toEqual(["+14155550100"]);
  });

  it("geo-matches the country, preferring the NANP area code over a lighter queue", () => {
    // +1415 matches the area code although +1212 has the shorter queue.
    expect(selectPoolSenders(pool, [gb, us212, us415], [to("+14155559999", "US")], new Map())).toEqual([
      "+14155550100",
    ]);
    // Another US area code: the least loaded US number.
    expect(selectPoolSenders(pool, [gb, us415, us212], [to("+13055559999", "US")], new Map())).toEqual([
      "+12125550100",
    ]);
    // A UK recipient: the UK number, however long its queue.
    expect(selectPoolSenders(pool, [us212, gb], [to("+447700900999", "GB")], new Map())).toEqual(["+447700900100"]);
  });

  it("sends the label where the country allows one and no number is local", () => {
    expect(selectPoolSenders(pool, [us212], [to("+4915112345678", "DE")], new Map())).toEqual(["Acme"]);
    // Not in the US or Canada: the least loaded number instead.
    const noUs = [gb];
    expect(selectPoolSenders(pool, noUs, [to("+14165550123", "CA")], new Map())).toEqual(["+447700900100"]);
  });

  it("with geoMatch off, the label where allowed comes before any number", () => {
    const off = { ...pool, geoMatch: false };
    expect(selectPoolSenders(off, [gb], [to("+447700900999", "GB")], new Map())).toEqual(["Acme"]);
  });

  it("takes the shortest queue, ties by least recent use, and counts its own choices", () => {
    const a = num("+447700900001", "GB", 0, 200);
    const b = num("+447700900002", "GB", 0, 100);
    const labelless = { ...pool, alphanumericSenderId: null };
    const recipients = [to("+4915112345671", "DE", 2), to("+4915112345672", "DE", 1), to("+4915112345673", "DE", 1)];
    // b was used longer ago; then a (b now has 2 segments); then a again has 1 < b's 2.
    expect(selectPoolSenders(labelless, [a, b], recipients, new Map())).toEqual([
      "+447700900002",
      "+447700900001",
      "+447700900001",
    ]);
  });

  it("answers null where the pool cannot serve the recipient", () => {
    const labelOnly = { ...pool };
    expect(selectPoolSenders(labelOnly, [], [to("+14155559999", "US"), to("+447700900999", "GB")], new Map())).toEqual([
      null,
      "Acme",
    ]);
  });
});

describe("helpers", () => {
  it("reads a NANP area code and the label table", () => {
    expect(nanpAreaCode("+14155550100")).toBe("415");
    expect(nanpAreaCode("+447700900100")).toBeNull();
    expect(allowsAlphanumericSender("GB")).toBe(true);
    expect(allowsAlphanumericSender("US")).toBe(false);
    expect(allowsAlphanumericSender("CA")).toBe(false);
    expect(allowsAlphanumericSender(null)).toBe(false);
  });
});
