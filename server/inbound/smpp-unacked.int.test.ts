// Single-part SMPP MO stored but never acknowledged (smpp-unacked.ts): the SMSC's redelivery on
// another session is recognized by its fingerprint and not stored again, while a phone repeating
// itself (same session in flight, or after the acknowledgement) is stored each time.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedSender } from "../test/messaging";
import { waitFor } from "../test/crash";
import type { SmppMo } from "../carriers/smpp/types";
import { storeInboundMessages, type InboundInput } from "./store-inbound";
import { expireInboundParts } from "./smpp-inbound";
import { smppMoAcknowledged, SMPP_UNACKED_TTL_MS } from "./smpp-unacked";

let n = 0;
async function receiver() {
  const sender = await seedSender();
  const to = `+1303777${String(process.pid % 1000).padStart(3, "0")}${String(n++).padStart(2, "0")}`;
  await getDb().phoneNumber.create({ data: { number: to, organizationId: sender.organizationId } });
  return { ...sender, to };
}

/** A delivery of `fingerprint` as deliver_sm number `seq` on `session` (sessions are unique per test, as per connection). */
let test = 0;
beforeEach(() => void test++);
const delivery = (fingerprint: string, session: string, seq: number) => ({
  fingerprint,
  session: `${test}-${session}`,
  id: `${test}-${session}.${seq}`,
});

const input = (to: string, smppDelivery: InboundInput["smppDelivery"], body = "Yes"): InboundInput => ({
  from: "+447700900777",
  to,
  body,
  environment: "live",
  provider: "smpp",
  smppDelivery,
});

const store = (inputs: InboundInput[], now = new Date()) =>
  storeInboundMessages(null, inputs, now).then((r) => r.map((o) => o.outcome));
const inbound = (organizationId: string) => getDb().message.count({ where: { organizationId, direction: "inbound" } });
const rows = (fingerprint: string) =>
  getDb()
    .smppUnackedMo.findMany({ where: { fingerprint }, orderBy: { deliveryId: "asc" } })
    .then((us) =>
      us.map((u) => ({
        ...u,
        deliveryId: u.deliveryId.replace(/^\d+-/, ""),
        sessionId: u.sessionId.replace(/^\d+-/, ""),
      })),
    );
const mo = (to: string, d: SmppMo["delivery"]): SmppMo => ({
  from: "+447700900777",
  to,
  text: "Yes",
  concat: null,
  delivery: d,
});

describe("unacknowledged SMPP MO", () => {
  it("a redelivery on another session is answered without a second message; its row follows it to the ack", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    expect(await store([input(r.to, delivery(fp, "dead", 1))])).toEqual(["stored"]);
    const [row] = await rows(fp);
    expect(row).toMatchObject({ deliveryId: "dead.1", sessionId: "dead" });
    const [message] = await getDb().message.findMany({ where: { organizationId: r.organizationId } });
    expect(row!.messageId).toBe(message!.id);

    // The SMSC, unanswered, delivers it again on the new session.
    expect(await store([input(r.to, delivery(fp, "new", 7))])).toEqual(["duplicate"]);
    expect(await inbound(r.organizationId)).toBe(1);
    // Unacknowledged still, now as that delivery: a crash before this resp too is covered.
    expect((await rows(fp)).map((u) => [u.deliveryId, u.sessionId])).toEqual([["new.7", "new"]]);

    smppMoAcknowledged(mo(r.to, delivery(fp, "new", 7)));
    await waitFor(async () => (await rows(fp)).length === 0, 5000);
    // The phone says it again: a new message.
    expect(await store([input(r.to, delivery(fp, "new", 8))])).toEqual(["stored"]);
    expect(await inbound(r.organizationId)).toBe(2);
  });

  it("the next statement storing whole messages deletes the rows of deliveries answered meanwhile", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    await store([input(r.to, delivery(fp, "s", 1)), input(r.to, delivery(fp, "s", 2))]);
    const answered = [{ fingerprint: fp, id: delivery(fp, "s", 1).id }];
    const outcome = await storeInboundMessages(
      null,
      [input(r.to, delivery(`${fp}-next`, "s", 3), "No")],
      new Date(),
      answered,
    );
    expect(outcome.map((o) => o.outcome)).toEqual(["stored"]);
    expect((await rows(fp)).map((u) => u.deliveryId)).toEqual(["s.2"]);
  });

  it("identical messages on the delivering session are a phone repeating itself: each stored", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    expect(await store([input(r.to, delivery(fp, "s", 1)), input(r.to, delivery(fp, "s", 2))])).toEqual([
      "stored",
      "stored",
    ]);
    // Another arrives while those two are still unanswered on the same session.
    expect(await store([input(r.to, delivery(fp, "s", 3))])).toEqual(["stored"]);
    expect(await inbound(r.organizationId)).toBe(3);
    expect((await rows(fp)).map((u) => u.deliveryId)).toEqual(["s.1", "s.2", "s.3"]);
  });

  it("each unanswered delivery is recognized once: two lost, three arrive, one is new", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    await store([input(r.to, delivery(fp, "dead", 1)), input(r.to, delivery(fp, "dead", 2))]);
    const again = [1, 2, 3].map((k) => input(r.to, delivery(fp, "new", k)));
    expect(await store(again)).toEqual(["duplicate", "duplicate", "stored"]);
    expect(await inbound(r.organizationId)).toBe(3);
    expect((await rows(fp)).map((u) => u.deliveryId)).toEqual(["new.1", "new.2", "new.3"]);
  });

  it("a message to a number nobody owns leaves no row; another fingerprint is another message", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    expect(await store([input("+19995550199", delivery(fp, "dead", 1))])).toEqual(["unknown_number"]);
    expect(await rows(fp)).toEqual([]);
    await store([input(r.to, delivery(fp, "dead", 2))]);
    expect(await store([input(r.to, delivery(`${fp}-other`, "new", 1), "Yes")])).toEqual(["stored"]);
    expect(await inbound(r.organizationId)).toBe(2);
  });

  it("rows never acknowledged nor redelivered expire with incomplete parts", async () => {
    const r = await receiver();
    const fp = `fp-${r.organizationId}`;
    await store([input(r.to, delivery(fp, "dead", 1))], new Date(Date.now() - SMPP_UNACKED_TTL_MS - 60_000));
    await store([input(r.to, delivery(fp, "dead", 2))]);
    await expireInboundParts(getDb(), new Date());
    expect((await rows(fp)).map((u) => u.deliveryId)).toEqual(["dead.2"]);
  });
});
