// Carrier receipts when a provider reuses its message ids (issue 19, item 2), against a real SMPP
// peer on loopback: an SMSC that restarts numbers its messages from the start again, so a receipt
// may name an id that an older, already final message carries too. A receipt applies only to a
// message that can still take it (SENT), to the handset it names, newest first; a final message
// never consumes one, and a receipt that arrives before the SENT record waits for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { api, seedSender } from "../../test/messaging";
import { useLiveCarriers } from "../../test/live-carriers";
import { handOffQueued } from "../pipeline/hand-off";
import { applyStoredReceipts } from "./apply-stored";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  // Ids of this file's own (the postgres project shares one database between test files).
  smsc = await TestSmsc.start({
    systemId: "sg-reuse",
    password: "pw-reuse",
    firstId: 0x5e0000 + Math.floor(Math.random() * 0xffff) * 16,
  });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-reuse",
    SMPP_PASSWORD: "pw-reuse",
  }));
  await bound();
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

const bound = () => waitFor(() => live.describe()[0]?.status === "bound", 15_000);
const row = (id: string) => getDb().message.findFirstOrThrow({ where: { id } });

/** The SMSC restarts and numbers its messages from the start again; the carrier binds again. */
async function restartWithIdsReset() {
  await smsc.crash();
  await waitFor(() => live.describe()[0]?.status !== "bound", 15_000);
  await smsc.restart({ resetIds: true });
  await bound();
}

async function sendAndHandOff(sender: Awaited<ReturnType<typeof seedSender>>, to: string) {
  const res = await api.send(sender.liveKey, { to, body: `to ${to}` });
  expect(res.status).toBe(202);
  while ((await handOffQueued({ organizationId: sender.organizationId })) > 0);
  const sent = await row(res.json.messageId);
  expect(sent).toMatchObject({ status: "SENT", provider: "smpp" });
  return sent;
}

describe("receipts with reused SMSC message ids", () => {
  it("after a restart that resets the ids, a receipt sent before the submit_sm_resp reaches the new message, not the old final one", async () => {
    const sender = await seedSender();
    const old = await sendAndHandOff(sender, "+14155550111");
    await smsc.sendReceipt({ messageId: old.providerMessageId!, stat: "DELIVRD" });
    await expect.poll(async () => (await row(old.id)).status).toBe("DELIVERED");

    await restartWithIdsReset();
    const res = await api.send(sender.liveKey, { to: "+14155550112", body: "after the restart" });
    // The SMSC takes the message but its submit_sm_resp is held: the receipt comes first.
    smsc.hang();
    const handOff = handOffQueued({ organizationId: sender.organizationId });
    await waitFor(() => smsc.submits.some((s) => s.destinationAddr === "14155550112"));
    const reused = old.providerMessageId!; // the id the SMSC will give the new message
    const resp = await smsc.sendReceipt({ messageId: reused, stat: "DELIVRD", handset: "14155550112" });
    expect(resp.command_status).toBe(0);
    // Stored, matched to nothing yet: not swallowed by the old DELIVERED message with the same id.
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: reused } })).toBe(1);
    expect(await row(res.json.messageId)).toMatchObject({ status: "QUEUED" });

    smsc.resume();
    await handOff;
    expect(await row(res.json.messageId)).toMatchObject({ status: "SENT", providerMessageId: reused });
    // The pipeline's next round applies the waiting receipt.
    await applyStoredReceipts(new Date());
    expect(await row(res.json.messageId)).toMatchObject({ status: "DELIVERED" });
    expect(await row(old.id)).toMatchObject({ status: "DELIVERED" });
    expect(await getDb().carrierReceipt.count({ where: { providerMessageId: reused } })).toBe(0);
  });

  it("the same provider id on messages of two organizations: each receipt reaches the message to its handset", async () => {
    const a = await seedSender();
    const b = await seedSender();
    await restartWithIdsReset();
    const first = await sendAndHandOff(a, "+14155550121");
    await restartWithIdsReset();
    const second = await sendAndHandOff(b, "+14155550122");
    expect(second.providerMessageId).toBe(first.providerMessageId);

    // The older message's receipt, named by its handset, is not taken by the newer one.
    await smsc.sendReceipt({ messageId: first.providerMessageId!, stat: "UNDELIV", handset: "14155550121" });
    await expect.poll(async () => (await row(first.id)).status).toBe("UNDELIVERED");
    expect(await row(second.id)).toMatchObject({ status: "SENT" });

    await smsc.sendReceipt({ messageId: second.providerMessageId!, stat: "DELIVRD", handset: "14155550122" });
    await expect.poll(async () => (await row(second.id)).status).toBe("DELIVERED");
    expect(await row(first.id)).toMatchObject({ status: "UNDELIVERED" });
  });

  it("without a handset, a receipt goes to the newest message that can still take it, never to a final one", async () => {
    const a = await seedSender();
    const b = await seedSender();
    await restartWithIdsReset();
    const older = await sendAndHandOff(a, "+14155550131");
    await restartWithIdsReset();
    const newer = await sendAndHandOff(b, "+14155550132");
    const id = newer.providerMessageId!;
    expect(older.providerMessageId).toBe(id);

    // A receipt source_addr some SMSCs leave out (or fill with their own name): too short to compare.
    await smsc.sendReceipt({ messageId: id, stat: "DELIVRD", handset: "SMSC" });
    await expect.poll(async () => (await row(newer.id)).status).toBe("DELIVERED");
    expect(await row(older.id)).toMatchObject({ status: "SENT" });
    // The next one with that id reaches the older message: the newer one is final now.
    await smsc.sendReceipt({ messageId: id, stat: "DELIVRD", handset: "SMSC" });
    await expect.poll(async () => (await row(older.id)).status).toBe("DELIVERED");
  });
});
