/**
 * Measures, on the database of DATABASE_URL (PostgreSQL; issue 17's figures):
 *   1. bulk acceptance (the accepting statement, 1,000 messages per bulk, sandbox) for an
 *      organization with no opt-outs and one holding 100,000 opt-outs (none of the recipients);
 *   2. SMPP inbound: deliver_sm from a real SMSC peer on loopback, each stored then acknowledged,
 *      messages per second in this one process.
 *
 *   node server/scripts/with-postgres.mjs sh -c 'DATABASE_URL=$TEST_DATABASE_URL npx tsx server/scripts/measure-inbound.ts'
 *   (ONLY=mo or ONLY=bulk for one of the two; MO, MO_WINDOW, BULKS set the sizes)
 */
import { performance } from "node:perf_hooks";
import { closeDb, ensureMigrated, getDb } from "../db/client";
import { newId, newIdAt } from "../ids";
import { insertMessages, type NewMessage } from "../messages/insert-messages";
import { TestSmsc } from "../carriers/smpp/test-smsc";
import { waitFor } from "../carriers/smpp/test-helpers";
import { SmppCarrier } from "../carriers/smpp/smpp-carrier";
import { receiveSmppInbound } from "../inbound/smpp-inbound";
import { smppMoAcknowledged } from "../inbound/smpp-unacked";

const BULKS = Number(process.env.BULKS ?? 40);
const MO = Number(process.env.MO ?? 5000);
const MO_WINDOW = Number(process.env.MO_WINDOW ?? 50);
/** ONLY=mo measures SMPP inbound alone (ONLY=bulk the acceptance alone). */
const ONLY = process.env.ONLY ?? "";

async function organization(optOuts: number): Promise<string> {
  const id = newId("org");
  await getDb().organization.create({ data: { id, name: `measure ${optOuts}` } });
  for (let i = 0; i < optOuts; i += 10_000) {
    await getDb().contactOptOut.createMany({
      data: Array.from({ length: Math.min(10_000, optOuts - i) }, (_, k) => ({
        organizationId: id,
        phone: `+4420${String(i + k).padStart(8, "0")}`,
        source: "api",
      })),
    });
  }
  return id;
}

function bulk(organizationId: string, round: number): NewMessage[] {
  const now = new Date();
  return Array.from({ length: 1000 }, (_, i) => ({
    id: newIdAt("msg", now),
    organizationId,
    apiKeyId: null,
    batchId: null,
    otpId: null,
    environment: "test" as const,
    to: `+1415${String(round % 100).padStart(2, "0")}${String(i).padStart(5, "0")}`,
    from: "SG",
    body: "measure",
    segments: 1,
    encoding: "GSM-7",
    country: "US",
  }));
}

async function acceptance(organizationId: string): Promise<number> {
  await insertMessages(null, bulk(organizationId, 0), new Date()); // warm the plan
  const start = performance.now();
  for (let r = 1; r <= BULKS; r++) await insertMessages(null, bulk(organizationId, r), new Date());
  return (BULKS * 1000) / ((performance.now() - start) / 1000);
}

async function smppInbound(): Promise<number> {
  const smsc = await TestSmsc.start({ systemId: "measure", password: "measure" });
  // The carrier as server/carriers/live.ts builds it, with the same onInbound.
  const carrier = new SmppCarrier({
    url: smsc.url,
    systemId: "measure",
    password: "measure",
    onReceipt: () => {},
    onInbound: (mo) => receiveSmppInbound(mo),
    onInboundAcknowledged: smppMoAcknowledged,
  });
  await carrier.start();
  await waitFor(() => carrier.state().status === "bound");
  const org = await organization(0);
  await getDb().phoneNumber.create({ data: { number: "+13035550100", organizationId: org } });
  const send = (i: number) =>
    smsc.sendMo({ from: "447700900123", to: "13035550100", userData: Buffer.from(`mo ${i}`), dataCoding: 0 });
  let next = 0;
  const start = performance.now();
  // An SMSC keeps a window of deliver_sm outstanding, as with submit_sm.
  await Promise.all(
    Array.from({ length: MO_WINDOW }, async () => {
      while (next < MO) {
        const resp = await send(next++);
        if (resp.command_status !== 0) throw new Error(`deliver_sm answered ${resp.command_status}`);
      }
    }),
  );
  const rate = MO / ((performance.now() - start) / 1000);
  const stored = await getDb().message.count({ where: { organizationId: org, direction: "inbound" } });
  if (stored !== MO) throw new Error(`stored ${stored} of ${MO}`);
  await carrier.stop();
  await smsc.close();
  return rate;
}

async function main() {
  if (!/^postgres/.test(process.env.DATABASE_URL ?? "")) throw new Error("set DATABASE_URL to a PostgreSQL database");
  await ensureMigrated();
  if (ONLY !== "mo") await bulkAcceptance();
  if (ONLY !== "bulk") {
    console.log(
      JSON.stringify({ smppInboundPerSecond: Math.round(await smppInbound()), messages: MO, window: MO_WINDOW }),
    );
  }
  await closeDb();
}

async function bulkAcceptance() {
  const none = await organization(0);
  const many = await organization(100_000);
  await getDb().$executeRawUnsafe("ANALYZE contact_opt_outs");
  // Alternate, so that neither side gets the warmer half of the run.
  const rates = { none: [] as number[], many: [] as number[] };
  for (let i = 0; i < 3; i++) {
    rates.none.push(await acceptance(none));
    rates.many.push(await acceptance(many));
  }
  const best = (xs: number[]) => Math.max(...xs);
  console.log(
    JSON.stringify({
      bulkAcceptance: {
        noOptOuts: Math.round(best(rates.none)),
        with100kOptOuts: Math.round(best(rates.many)),
        ratio: Number((best(rates.many) / best(rates.none)).toFixed(3)),
        runs: rates,
      },
    }),
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
