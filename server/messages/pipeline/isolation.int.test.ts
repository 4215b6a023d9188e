// Issue 37 §2: one message's fault never holds up the others of the pipeline's batch, whoever they
// belong to. A carrier that throws for one message, a transition that cannot be written for one,
// a receipt that cannot be applied to one: that message is set aside, FAILED with `internal_error`
// and its message.failed event, and every other message of both organizations goes on as usual.
// The two organizations' messages share each batch: they are made the oldest due (the claims take
// the oldest first, every organization together) and the batches are exactly their size.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { logger } from "../../logger";
import { sandboxCarrier } from "../../carriers/sandbox";
import type { Carrier } from "../../carriers/types";
import { api, seedSender } from "../../test/messaging";
import { expectMessageSetAside, poisonRows } from "../../test/isolation";
import { handOffQueued } from "./hand-off";
import { deliverSandboxReceipts } from "./sandbox-receipts";

afterEach(() => vi.restoreAllMocks());

const LONG_AGO = new Date("2000-01-01T00:00:00Z");

/** Three messages of each of two organizations, the first of `a`'s to `bad`; the oldest due. */
async function queueBoth(bad: string) {
  const a = await seedSender();
  const b = await seedSender();
  const send = async (key: string, to: string) => (await api.send(key, { to, body: "isolation" })).json.messageId;
  const ids = {
    bad: await send(a.testKey, bad),
    a: [await send(a.testKey, "+14155550101"), await send(a.testKey, "+14155550102")],
    b: [
      await send(b.testKey, "+14155550103"),
      await send(b.testKey, "+14155550104"),
      await send(b.testKey, "+14155550105"),
    ],
  };
  const all = [ids.bad, ...ids.a, ...ids.b];
  await getDb().message.updateMany({ where: { id: { in: all } }, data: { nextAttemptAt: LONG_AGO } });
  return { a, b, ids, all };
}

const statuses = async (ids: string[]) =>
  (await getDb().message.findMany({ where: { id: { in: ids } } })).map((m) => m.status);

describe("the message pipeline sets a failing message aside", () => {
  it("a carrier that throws for one message: the others of both organizations are SENT in the same round", async () => {
    vi.spyOn(logger, "error");
    const bad = "+14155550100";
    const { a, ids, all } = await queueBoth(bad);
    const carrier: Carrier = {
      name: "sandbox",
      async submit(messages) {
        if (messages.some((m) => m.to === bad)) throw new TypeError("Cannot read properties of undefined");
        return sandboxCarrier.submit(messages);
      },
    };
    // At least these (a shared database may hold other files' live messages, whose senders' slots
    // are due too: live messages are claimed per sender, beside the sandbox's oldest due).
    expect(await handOffQueued({ limit: all.length, carriers: () => carrier })).toBeGreaterThanOrEqual(all.length);
    expect(await statuses([...ids.a, ...ids.b])).toEqual(Array(5).fill("SENT"));
    await expectMessageSetAside(ids.bad, a.organizationId);
  });

  it("a transition, then a receipt, that cannot be written for one message: the others go on", async () => {
    vi.spyOn(logger, "error");
    const bad = "+14155550106";
    const { a, b, ids, all } = await queueBoth(bad);
    const cure = await poisonRows("messages", "UPDATE", `NEW.status = 'SENT' AND NEW.to_number = '${bad}'`);
    try {
      expect(await handOffQueued({ limit: all.length })).toBeGreaterThanOrEqual(all.length);
    } finally {
      await cure();
    }
    expect(await statuses([...ids.a, ...ids.b])).toEqual(Array(5).fill("SENT"));
    await expectMessageSetAside(ids.bad, a.organizationId);

    // Receipts: one of b's messages cannot take its DELIVERED.
    const [refused, ...delivered] = ids.b;
    await getDb().message.updateMany({ where: { id: { in: all } }, data: { sentAt: LONG_AGO } });
    const cure2 = await poisonRows("messages", "UPDATE", `NEW.status = 'DELIVERED' AND NEW.id = '${refused}'`);
    try {
      expect(await deliverSandboxReceipts(new Date(), 0, 5)).toBe(5);
    } finally {
      await cure2();
    }
    expect(await statuses([...ids.a, ...delivered])).toEqual(Array(4).fill("DELIVERED"));
    await expectMessageSetAside(refused!, b.organizationId);
  });
});
