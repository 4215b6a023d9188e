import { randomBytes } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { log } from "./args";
import { cpuMeter } from "./cpu";
import {
  bulkRate,
  cpuPerBulk,
  failedCount,
  measureBulk,
  measureImport,
  median,
  readContactsSettings,
  seedOptOuts,
  seedOrganization,
  type BulkRound,
  type ContactsSettings,
  type ImportFigures,
  type Mode,
} from "./contacts";
import { assignNumber, inboundComplete, measureInbound, waitForBind, type InboundFigures } from "./contacts-inbound";
import { onCleanup, reportServerOutput, startBenchServer } from "./lifecycle";
import { isValid } from "./measure";
import { reportPartOnly } from "./part-report";
import { describeGoal, goal, type GoalCheck } from "./report";

// `--only contacts` (PostgreSQL; issue 17's figures), all through one production server whose
// carrier is a TestSmsc in this process (SMS_PROVIDER=smpp, so its SMPP session receives MO) and
// which has an OPERATOR_TOKEN (to assign the receiving number), in this order:
//   1. import: POST /contacts/imports of a BENCH_CONTACTS_IMPORT_ROWS (100,000) row CSV with a
//      contacts.write (and .read) key, GET every 100 ms until COMPLETED: target ≤ 60 s from the POST,
//      and created must equal the rows (bench/contacts.ts);
//   2. bulk acceptance: two organizations alike (sandbox key, rate limiting off) but for
//      BENCH_CONTACTS_OPT_OUTS (100,000) opt-outs in one, seeded by SQL, none of them a recipient;
//      POST /sms/bulk of 1,000 at BENCH_BULK_CONNECTIONS (4) in BENCH_CONTACTS_ROUNDS (8) rounds of
//      BENCH_CONTACTS_SLICE (2) s slices per organization, order alternating, the pipeline drained
//      between slices: target median per-round messages/s with ÷ without ≥ 0.90 (bench/contacts.ts);
//   3. SMPP inbound: BENCH_CONTACTS_MO (10,000) deliver_sm from the SMSC to the server's session,
//      BENCH_CONTACTS_MO_WINDOW (50) outstanding; each is stored before its deliver_sm_resp:
//      target ≥ 1,000 messages/s, every one acknowledged and stored exactly once
//      (bench/contacts-inbound.ts).

interface ContactsFigures {
  settings: ContactsSettings;
  import: ImportFigures;
  bulk: { rounds: BulkRound[]; failed: Record<Mode, number> };
  inbound: InboundFigures;
  checks: GoalCheck[];
}

async function benchContacts(databaseUrl: string) {
  const s = readContactsSettings();
  const smsc = await TestSmsc.start({ systemId: "sg-bench", password: randomBytes(4).toString("hex") });
  onCleanup(() => smsc.close());
  const operatorToken = randomBytes(24).toString("hex");
  const server = await startBenchServer(databaseUrl, {
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: smsc.systemId,
    SMPP_PASSWORD: smsc.password,
    OPERATOR_TOKEN: operatorToken,
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  onCleanup(() => db.end());

  const importer = await seedOrganization(server.baseUrl, "Benchmark contacts import", [
    "contacts.write",
    "contacts.read",
  ]);
  const imported = await measureImport(server.baseUrl, importer, s.importRows, db, s.timeoutMs);
  log(
    `contacts: import ${imported.status} in ${imported.seconds.toFixed(1)} s (${imported.rowsPerSecond.toFixed(0)} ` +
      `rows/s), created ${imported.created}, ${imported.contactsInTable} contacts in the table`,
  );

  const orgs = {
    without: await seedOrganization(server.baseUrl, "Benchmark no opt-outs", ["sms.send"]),
    with: await seedOrganization(server.baseUrl, "Benchmark opt-outs", ["sms.send"]),
  };
  const seedStart = performance.now();
  await seedOptOuts(db, orgs.with.organizationId, s.optOuts);
  log(`contacts: ${s.optOuts} opt-outs seeded by SQL in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const meter = cpuMeter(server.pid, new URL(databaseUrl).pathname.slice(1));
  const rounds = await measureBulk(server.baseUrl, orgs, db, s, meter);
  const failed = {
    without: await failedCount(db, orgs.without.organizationId),
    with: await failedCount(db, orgs.with.organizationId),
  };

  await waitForBind(smsc, 30_000);
  const receiver = await seedOrganization(server.baseUrl, "Benchmark inbound", ["sms.read"]);
  await assignNumber(server.baseUrl, operatorToken, receiver.organizationId);
  const inbound = await measureInbound(smsc, db, receiver.organizationId, s);
  log(`contacts: SMPP inbound ${inbound.perSecond.toFixed(0)} messages/s`);

  const figures: ContactsFigures = {
    settings: s,
    import: imported,
    bulk: { rounds, failed },
    inbound,
    checks: contactsChecks(s, imported, rounds, failed, inbound),
  };
  return { figures, server };
}

function contactsChecks(
  s: ContactsSettings,
  imported: ImportFigures,
  rounds: BulkRound[],
  failed: Record<Mode, number>,
  inbound: InboundFigures,
): GoalCheck[] {
  const importOk = imported.status === "COMPLETED" && imported.created === s.importRows && imported.errors === 0;
  const bulkOk = rounds.every((r) => isValid(r.with) && isValid(r.without)) && failed.with + failed.without === 0;
  const ratios = rounds.map((r) => bulkRate(r.with) / bulkRate(r.without));
  const medianRate = (mode: Mode) => median(rounds.map((r) => bulkRate(r[mode]))).toFixed(0);
  const cpu = (mode: Mode) => cpuPerBulk(rounds.map((r) => r[mode]));
  const cpuWith = cpu("with");
  const cpuWithout = cpu("without");
  const cpuDetail =
    cpuWith !== null && cpuWithout !== null
      ? `; server + database CPU per bulk of 1,000 ${cpuWith.toFixed(1)} against ${cpuWithout.toFixed(1)} ms ` +
        `(${(cpuWith / cpuWithout).toFixed(3)})`
      : "";
  const inboundOk = inboundComplete(inbound);
  const thousands = (n: number) => n.toLocaleString("en-US");
  return [
    goal(
      `contacts: import of ${thousands(s.importRows)} contacts, POST → COMPLETED`,
      importOk ? imported.seconds : null,
      "≤",
      60,
      " s",
      `${imported.rowsPerSecond.toFixed(0)} rows/s, ${(imported.csvBytes / 1024 / 1024).toFixed(1)} MiB CSV, ` +
        `202 after ${imported.acceptSeconds.toFixed(2)} s; ${imported.status}, created ${imported.created}, ` +
        `updated ${imported.updated}, skipped ${imported.skipped}, ${imported.errors} errors, ` +
        `${imported.contactsInTable} in the table` +
        (importOk ? "" : ": INVALID (not every row created)"),
    ),
    goal(
      `contacts: bulk messages/s with ${thousands(s.optOuts)} opt-outs ÷ without`,
      bulkOk ? median(ratios) : null,
      "≥",
      0.9,
      "",
      `median of ${rounds.length} rounds (${ratios.map((x) => x.toFixed(3)).join(", ")}); ${medianRate("with")} ` +
        `against ${medianRate("without")} messages/s, ${s.bulkConnections} connections of 1,000 sandbox messages, ` +
        `${s.sliceSeconds} s slices${cpuDetail}` +
        (bulkOk ? "" : `: INVALID (a slice had errors, or ${failed.with + failed.without} messages FAILED)`),
    ),
    goal(
      "contacts: SMPP inbound messages/s, each stored before its deliver_sm_resp, one server process",
      inboundOk ? inbound.perSecond : null,
      "≥",
      1000,
      "/s",
      `${inbound.messages} deliver_sm in ${inbound.seconds.toFixed(2)} s, window ${inbound.window}, through the ` +
        `server's own SMPP session; ${inbound.refused} refused, ${inbound.measuredStored} stored ` +
        `(${inbound.measuredDistinct} distinct)` +
        (inboundOk ? "" : ": INVALID (not every message acknowledged and stored exactly once)"),
    ),
  ];
}

/** `--only contacts`: its own server and SMSC; reported beside latest.json. 1 when a check is INVALID. */
export async function contactsOnly(databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const { figures, server } = await benchContacts(databaseUrl);
  reportPartOnly(
    "contacts",
    "contacts",
    loadAtStart,
    () => {
      console.log("");
      console.log("Contacts: import, opt-out checking at acceptance, SMPP inbound (one server, TestSmsc carrier):");
      for (const c of figures.checks) console.log(`  ${describeGoal(c)}`);
    },
    figures,
  );
  reportServerOutput(server);
  return figures.checks.some((c) => c.verdict === "INVALID") ? 1 : 0;
}
