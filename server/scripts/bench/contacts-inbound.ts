import type pg from "pg";
import type { TestSmsc } from "../../carriers/smpp/test-smsc";
import { log } from "./args";
import { sleep, type ContactsSettings } from "./contacts";
import { call } from "./seed";

// `--only contacts`, its SMPP inbound measurement: mobile-originated deliver_sm from the TestSmsc
// in this process to the server's own SMPP session (SMS_PROVIDER=smpp), which stores each message
// before it answers deliver_sm_resp (server/inbound/smpp-inbound.ts). The receiving number is
// assigned through the operator API (the server runs with OPERATOR_TOKEN).

/** The receiving number, as the SMSC addresses it (TON 1, no +) and as it is stored. */
const RECEIVING = "13035550100";
const SENDER = "447700900123";
const WARM_UP = 200;

export interface InboundFigures {
  messages: number;
  window: number;
  seconds: number;
  perSecond: number;
  /** deliver_sm_resp with a command_status other than ESME_ROK. */
  refused: number;
  /** Inbound rows of the organization: total, distinct bodies, and the measured bodies stored. */
  stored: number;
  distinctBodies: number;
  measuredStored: number;
  measuredDistinct: number;
  warmUp: number;
}

/** Waits until the server's SMPP client has bound to the SMSC. */
export async function waitForBind(smsc: TestSmsc, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (smsc.boundSessions === 0) {
    if (Date.now() > deadline) throw new Error("contacts: the server did not bind to the SMSC");
    await sleep(50);
  }
}

export async function assignNumber(baseUrl: string, operatorToken: string, organizationId: string): Promise<void> {
  await call(baseUrl, "POST", "/api/v1/operator/numbers", { number: `+${RECEIVING}`, organizationId }, operatorToken);
}

/**
 * `count` deliver_sm with bodies `${prefix} <i>`, `window` outstanding at a time (an SMSC keeps a
 * window of deliver_sm in flight, as an ESME does with submit_sm). Resolves with the refusals.
 */
async function deliver(smsc: TestSmsc, prefix: string, count: number, window: number): Promise<number> {
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: Math.min(window, count) }, async () => {
      while (next < count) {
        const i = next++;
        const resp = await smsc.sendMo({
          from: SENDER,
          to: RECEIVING,
          userData: Buffer.from(`${prefix} ${i}`),
          dataCoding: 0,
        });
        if (resp.command_status !== 0) refused += 1;
      }
    }),
  );
  return refused;
}

export async function measureInbound(
  smsc: TestSmsc,
  db: pg.Client,
  organizationId: string,
  s: ContactsSettings,
): Promise<InboundFigures> {
  log(`contacts: SMPP inbound warm-up (${WARM_UP} deliver_sm, not reported)`);
  const warmRefused = await deliver(smsc, "warm", WARM_UP, s.inboundWindow);
  if (warmRefused > 0) throw new Error(`contacts: ${warmRefused} warm-up deliver_sm were refused`);
  log(`contacts: SMPP inbound, ${s.inboundMessages} deliver_sm, window ${s.inboundWindow}`);
  const start = performance.now();
  const refused = await deliver(smsc, "mo", s.inboundMessages, s.inboundWindow);
  const seconds = (performance.now() - start) / 1000;
  // Every deliver_sm_resp came after its message committed, so the rows are all there now.
  const { rows } = await db.query<{ stored: number; distinct: number; measured: number; measured_distinct: number }>(
    `SELECT count(*)::int AS stored, count(DISTINCT body)::int AS distinct,
            count(*) FILTER (WHERE body LIKE 'mo %')::int AS measured,
            count(DISTINCT body) FILTER (WHERE body LIKE 'mo %')::int AS measured_distinct
     FROM messages WHERE organization_id = $1 AND direction = 'inbound'`,
    [organizationId],
  );
  const r = rows[0]!;
  return {
    messages: s.inboundMessages,
    window: s.inboundWindow,
    seconds,
    perSecond: s.inboundMessages / seconds,
    refused,
    stored: r.stored,
    distinctBodies: r.distinct,
    measuredStored: r.measured,
    measuredDistinct: r.measured_distinct,
    warmUp: WARM_UP,
  };
}

/** Every deliver_sm acknowledged ESME_ROK, and every message stored exactly once. */
export function inboundComplete(f: InboundFigures): boolean {
  return (
    f.refused === 0 &&
    f.measuredStored === f.messages &&
    f.measuredDistinct === f.messages &&
    f.stored === f.messages + f.warmUp &&
    f.distinctBodies === f.stored
  );
}
