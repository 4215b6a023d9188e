// kill -9 between storing an SMPP MO part and acknowledging it (issue 17): the SMSC, unanswered,
// delivers the part again to the restarted client; nothing is lost and nothing is stored twice.
// A single-part message has no key of its own: its redelivery is recognized by smpp_unacked_mo.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, ensureMigrated, getDb } from "../db/client";
import { getEnv, resetEnvForTests } from "../env";
import { newId } from "../ids";
import { TestSmsc, type MoSpec } from "../carriers/smpp/test-smsc";
import { SmppCarrier } from "../carriers/smpp/smpp-carrier";
import { encodeBody } from "../carriers/smpp/encoding";
import { runThenKill, waitFor } from "../test/crash";
import { seedDataDir } from "../test/pglite-snapshot";
import { expireInboundParts, INBOUND_PART_TTL_MS, receiveSmppInbound } from "./smpp-inbound";
import { smppMoAcknowledged } from "./smpp-unacked";

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-mo-crash-")) : undefined;
const savedDataDir = process.env.DATA_DIR;
let smsc: TestSmsc;

beforeAll(async () => {
  if (dataDir) {
    // On PGlite the child works on a directory: this process seeds there too (runThenKill lets go
    // of it while the child runs and opens it again after the kill).
    await closeDb();
    await seedDataDir(dataDir);
    process.env.DATA_DIR = dataDir;
    resetEnvForTests();
    await ensureMigrated();
  }
  smsc = await TestSmsc.start({ systemId: "sg-crash", password: "pw-crash" });
});

afterAll(async () => {
  await smsc.close();
  if (dataDir) {
    // The worker process runs other files next: give them their own in-memory database back.
    await closeDb();
    if (savedDataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = savedDataDir;
    resetEnvForTests();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const PHONE = "447700900555";
const BODY = "kill -9 ".repeat(40); // 320 characters: 3 GSM-7 parts

function partsTo(to: string, reference: number): MoSpec[] {
  const { parts, dataCoding } = encodeBody(BODY, "GSM-7");
  return parts.map((userData, i) => ({
    from: PHONE,
    to,
    userData,
    dataCoding,
    concat: { form: "udh8", reference, total: parts.length, seq: i + 1 },
  }));
}

/**
 * A child process binds, takes parts[0 .. hold-1] (acknowledged) and part `hold` (stored, never
 * answered), and is killed. hold 0: one single-part message, stored and never answered.
 */
async function childTakes(parts: MoSpec[], hold: number): Promise<void> {
  const bound = smsc.boundSessions;
  const died = runThenKill<{ stored: { seq: number } }>("mo-then-die.ts", [smsc.url, String(hold)], { dataDir });
  const feed = (async () => {
    while (smsc.boundSessions <= bound) await new Promise((r) => setTimeout(r, 20));
    for (const p of parts.slice(0, Math.max(hold - 1, 0))) expect((await smsc.sendMo(p)).command_status).toBe(0);
    // Never answered: the child is killed after storing it (the promise is left to the dead session).
    void smsc.sendMo(parts[Math.max(hold - 1, 0)]!).catch(() => {});
  })();
  await feed;
  expect((await died).stored.seq).toBe(hold);
}

/** This process restarted: a client of its own, to which the SMSC delivers the unanswered part again. */
async function restartedClient() {
  const carrier = new SmppCarrier({
    url: smsc.url,
    systemId: "sg-crash",
    password: "pw-crash",
    onReceipt: () => {},
    onInbound: (mo) => receiveSmppInbound(mo),
    onInboundAcknowledged: smppMoAcknowledged,
  });
  await carrier.start();
  return carrier;
}

async function receiver() {
  const organizationId = newId("org");
  await getDb().organization.create({ data: { id: organizationId, name: "MO crash" } });
  const digits = `1720444${String(Math.floor(Math.random() * 10_000)).padStart(4, "0")}`;
  await getDb().phoneNumber.create({ data: { number: `+${digits}`, organizationId } });
  return { organizationId, digits };
}

const inbound = (organizationId: string) =>
  getDb().message.findMany({ where: { organizationId, direction: "inbound" } });

describe.sequential("kill -9 between storing an MO part and its deliver_sm_resp", () => {
  it("a part stored but unanswered is redelivered: stored once, and the message assembled once", async () => {
    const r = await receiver();
    const parts = partsTo(r.digits, 41);
    await childTakes(parts, 1);
    expect(await getDb().inboundPart.count({ where: { destination: `+${r.digits}` } })).toBe(1);
    const carrier = await restartedClient();
    try {
      for (const p of parts) expect((await smsc.sendMo(p)).command_status).toBe(0); // part 1 again, then 2 and 3
    } finally {
      await carrier.stop();
    }
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual([BODY]);
    expect(await getDb().inboundPart.count({ where: { destination: `+${r.digits}` } })).toBe(0);
  });

  it("the last part stored (message assembled) but unanswered: its redelivery stores no second message", async () => {
    const r = await receiver();
    const parts = partsTo(r.digits, 42);
    await childTakes(parts, 3);
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual([BODY]);
    const carrier = await restartedClient();
    try {
      expect((await smsc.sendMo(parts[2]!)).command_status).toBe(0);
    } finally {
      await carrier.stop();
    }
    expect(await inbound(r.organizationId)).toHaveLength(1);
    const events = await getDb().outboxEvent.count({
      where: { organizationId: r.organizationId, type: "message.received" },
    });
    expect(events).toBe(1);
    // The redelivered part waits alone for a set that is complete already, and expires.
    await expireInboundParts(getDb(), new Date(Date.now() + INBOUND_PART_TTL_MS + 1000));
    expect(await getDb().inboundPart.count({ where: { destination: `+${r.digits}` } })).toBe(0);
  });

  it("a single-part message stored but unanswered is redelivered: stored once, one event", async () => {
    const r = await receiver();
    const { parts, dataCoding } = encodeBody("Yes please", "GSM-7");
    const single: MoSpec = { from: PHONE, to: r.digits, userData: parts[0]!, dataCoding };
    await childTakes([single], 0);
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual(["Yes please"]);
    const [stored] = await inbound(r.organizationId);
    const unacked = () => getDb().smppUnackedMo.count({ where: { messageId: stored!.id } });
    expect(await unacked()).toBe(1);
    const carrier = await restartedClient();
    try {
      expect((await smsc.sendMo(single)).command_status).toBe(0); // the SMSC's redelivery
      expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual(["Yes please"]);
      const events = await getDb().outboxEvent.count({
        where: { organizationId: r.organizationId, type: "message.received" },
      });
      expect(events).toBe(1);
      // Answered now: its record goes, and the phone saying it again is a new message.
      await waitFor(async () => (await unacked()) === 0, 10_000);
      expect((await smsc.sendMo(single)).command_status).toBe(0);
    } finally {
      await carrier.stop();
    }
    expect((await inbound(r.organizationId)).map((m) => m.body)).toEqual(["Yes please", "Yes please"]);
  });
});
