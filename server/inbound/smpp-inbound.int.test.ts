// SMPP mobile-originated messages (contract §10) against a real SMSC peer on loopback (the `smpp`
// package's server): single messages, 2- and 3-part messages in GSM-7 (extension table included)
// and UCS-2 with 8-bit and 16-bit UDH references and SAR TLVs, parts out of order, a duplicate part,
// an incomplete set that expires; the same text twice from a phone is two messages. Each
// deliver_sm_resp comes only after the part is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { TestSmsc, type MoSpec } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
import { encodeBody } from "../carriers/smpp/encoding";
import type { LiveCarriers } from "../carriers/live";
import { eventsOf, seedSender } from "../test/messaging";
import { useLiveCarriers } from "../test/live-carriers";
import { waitFor as waitUntil } from "../test/crash";
import { expireInboundParts, INBOUND_PART_TTL_MS } from "./smpp-inbound";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-mo", password: "pw-mo" });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-mo",
    SMPP_PASSWORD: "pw-mo",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

const PHONE = "447700900123";
let seq = 0;
async function receiver() {
  const sender = await seedSender();
  const digits = `1303555${String(process.pid % 100).padStart(2, "0")}${String(seq++).padStart(2, "0")}`;
  await getDb().phoneNumber.create({ data: { number: `+${digits}`, organizationId: sender.organizationId } });
  return { ...sender, digits };
}

const inbound = (organizationId: string) =>
  getDb().message.findMany({ where: { organizationId, direction: "inbound" }, orderBy: { id: "asc" } });

const GSM = 0x00;
const UCS2 = 0x08;

/** The body's parts as an SMSC would cut them (GSM-7 153 septets, UCS-2 67 units per part). */
function parts(body: string, encoding: "GSM-7" | "UCS-2") {
  const encoded = encodeBody(body, encoding);
  return { parts: encoded.parts, dataCoding: encoded.dataCoding };
}

async function sendParts(
  to: string,
  body: string,
  encoding: "GSM-7" | "UCS-2",
  form: "udh8" | "udh16" | "sar",
  reference: number,
  order?: number[],
) {
  const { parts: ps, dataCoding } = parts(body, encoding);
  const specs: MoSpec[] = ps.map((userData, i) => ({
    from: PHONE,
    to,
    userData,
    dataCoding,
    concat: { form, reference, total: ps.length, seq: i + 1 },
  }));
  const responses = [];
  for (const i of order ?? specs.map((_, k) => k)) responses.push(await smsc.sendMo(specs[i]!));
  return { count: ps.length, responses };
}

describe("SMPP mobile-originated messages", () => {
  it("stores a single GSM-7 message (extension characters included), acknowledged once stored", async () => {
    const r = await receiver();
    const body = "Price {in €} is [10] ~ok^ | \\ yes";
    const resp = await smsc.sendMo({
      from: PHONE,
      to: r.digits,
      userData: encodeBody(body, "GSM-7").parts[0]!,
      dataCoding: GSM,
    });
    expect(resp.command_status).toBe(0);
    // The response came after the commit: the row is there as soon as it arrived.
    const [row] = await inbound(r.organizationId);
    expect(row).toMatchObject({
      from: `+${PHONE}`,
      to: `+${r.digits}`,
      body,
      status: "RECEIVED",
      environment: "live",
      provider: "smpp",
    });
    const [event] = (await eventsOf(r.organizationId)).filter((e) => e.type === "message.received");
    expect(event!.payload).toMatchObject({ messageId: row!.id, body });
  });

  it("stores a single UCS-2 message", async () => {
    const r = await receiver();
    const body = "Привет 👋 héllo";
    await smsc.sendMo({ from: PHONE, to: r.digits, userData: encodeBody(body, "UCS-2").parts[0]!, dataCoding: UCS2 });
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual([body]);
  });

  const cases = [
    { name: "2-part GSM-7, 8-bit UDH", encoding: "GSM-7", form: "udh8", length: 200, parts: 2 },
    // 250 characters, 100 of them from the extension table: 350 septets.
    {
      name: "3-part GSM-7 with extension characters, 16-bit UDH",
      encoding: "GSM-7",
      form: "udh16",
      length: 250,
      parts: 3,
    },
    { name: "2-part UCS-2, SAR TLVs", encoding: "UCS-2", form: "sar", length: 100, parts: 2 },
    { name: "3-part UCS-2, 8-bit UDH", encoding: "UCS-2", form: "udh8", length: 180, parts: 3 },
  ] as const;
  for (const c of cases) {
    it(`reassembles a ${c.name}`, async () => {
      const r = await receiver();
      const unit = c.encoding === "GSM-7" ? (c.form === "udh16" ? "ab{€}" : "abcde") : "жы€";
      const body = unit.repeat(Math.ceil(c.length / unit.length)).slice(0, c.length);
      const { count, responses } = await sendParts(r.digits, body, c.encoding, c.form, 300 + seq);
      expect(count).toBe(c.parts);
      expect(responses.map((p) => p.command_status)).toEqual(responses.map(() => 0));
      expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual([body]);
      expect(await getDb().inboundPart.count({ where: { destination: `+${r.digits}` } })).toBe(0);
    });
  }

  it("reassembles parts that arrive out of order, and a duplicate part changes nothing", async () => {
    const r = await receiver();
    const body = "0123456789".repeat(40);
    const { parts: ps, dataCoding } = parts(body, "GSM-7");
    const spec = (i: number): MoSpec => ({
      from: PHONE,
      to: r.digits,
      userData: ps[i]!,
      dataCoding,
      concat: { form: "udh8", reference: 77, total: 3, seq: i + 1 },
    });
    await smsc.sendMo(spec(2));
    await smsc.sendMo(spec(0));
    // The SMSC did not get our first answer and delivers part 1 again.
    expect((await smsc.sendMo(spec(0))).command_status).toBe(0);
    expect(await inbound(r.organizationId)).toEqual([]);
    expect(await getDb().inboundPart.count({ where: { destination: `+${r.digits}` } })).toBe(2);
    await smsc.sendMo(spec(1));
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual([body]);
    expect((await eventsOf(r.organizationId)).filter((e) => e.type === "message.received")).toHaveLength(1);
  });

  it("keeps sets apart by reference and sender; an incomplete set expires", async () => {
    const r = await receiver();
    const a = parts("A".repeat(200), "GSM-7");
    const b = parts("B".repeat(200), "GSM-7");
    const mo = (p: typeof a, reference: number, i: number, from = PHONE): MoSpec => ({
      from,
      to: r.digits,
      userData: p.parts[i]!,
      dataCoding: p.dataCoding,
      concat: { form: "udh8", reference, total: 2, seq: i + 1 },
    });
    await smsc.sendMo(mo(a, 5, 0));
    await smsc.sendMo(mo(b, 6, 0));
    await smsc.sendMo(mo(b, 5, 1, "447700900999")); // same reference, another sender: another set
    await smsc.sendMo(mo(a, 5, 1));
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual(["A".repeat(200)]);
    // b's first part (reference 6) and the other sender's second part are incomplete sets.
    const left = () => getDb().inboundPart.count({ where: { destination: `+${r.digits}` } });
    expect(await left()).toBe(2);
    expect(await expireInboundParts(getDb(), new Date())).toBe(0);
    expect(await left()).toBe(2);
    await expireInboundParts(getDb(), new Date(Date.now() + INBOUND_PART_TTL_MS + 1000));
    expect(await left()).toBe(0);
    expect(await inbound(r.organizationId)).toHaveLength(1);
  });

  it("handles a STOP received over SMPP: opted out, confirmation queued from the number", async () => {
    const r = await receiver();
    await smsc.sendMo({ from: PHONE, to: r.digits, userData: encodeBody("Stop", "GSM-7").parts[0]!, dataCoding: GSM });
    expect(await getDb().contactOptOut.findMany({ where: { organizationId: r.organizationId } })).toEqual([
      expect.objectContaining({ phone: `+${PHONE}`, source: "keyword" }),
    ]);
    const replies = await getDb().message.findMany({
      where: { organizationId: r.organizationId, direction: "outbound" },
    });
    expect(replies.map((m) => [m.to, m.from])).toEqual([[`+${PHONE}`, `+${r.digits}`]]);
  });

  it("acknowledges many concurrent messages, each stored exactly once", async () => {
    const r = await receiver();
    const n = 200;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        smsc.sendMo({ from: PHONE, to: r.digits, userData: Buffer.from(`msg ${i}`, "latin1"), dataCoding: GSM }),
      ),
    );
    expect(responses.every((p) => p.command_status === 0)).toBe(true);
    const bodies = (await inbound(r.organizationId)).map((m) => m.body).sort();
    expect(bodies).toEqual(Array.from({ length: n }, (_, i) => `msg ${i}`).sort());
  });

  it("a phone sending the same text again is stored each time, in flight together or after the answer", async () => {
    const r = await receiver();
    const same: MoSpec = { from: PHONE, to: r.digits, userData: encodeBody("Yes", "GSM-7").parts[0]!, dataCoding: GSM };
    const together = await Promise.all([smsc.sendMo(same), smsc.sendMo(same)]);
    expect(together.map((p) => p.command_status)).toEqual([0, 0]);
    expect((await smsc.sendMo(same)).command_status).toBe(0);
    const rows = await inbound(r.organizationId);
    expect(rows.map((m) => m.body)).toEqual(["Yes", "Yes", "Yes"]);
    // Each answered: their records of unacknowledged delivery are gone.
    const unacked = () => getDb().smppUnackedMo.count({ where: { messageId: { in: rows.map((m) => m.id) } } });
    await waitUntil(async () => (await unacked()) === 0, 5000);
  });

  it("answers a message to a number nobody owns (it is logged and dropped)", async () => {
    const resp = await smsc.sendMo({ from: PHONE, to: "19995550123", userData: Buffer.from("hi"), dataCoding: GSM });
    expect(resp.command_status).toBe(0);
    expect(await getDb().message.count({ where: { to: "+19995550123" } })).toBe(0);
  });
});
