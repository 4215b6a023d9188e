// Issue 37 §2: the due-scan moves every organization's due messages in one statement per batch, so
// one message that cannot be moved (here: a trigger refuses its QUEUED, as a fault of that row
// would) failed the batch on every scan and held every organization's scheduled messages. Now the
// batch is taken apart: that message is set aside, FAILED with `internal_error`, and every other
// due message of both organizations is QUEUED in the same scan.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { logger } from "../logger";
import { api, seedSender } from "../test/messaging";
import { expectMessageSetAside, poisonRows } from "../test/isolation";
import { dispatchDueBatch } from "./dispatch-due";

afterEach(() => vi.restoreAllMocks());

describe("the due-scan sets a failing message aside", () => {
  it("one message that cannot be QUEUED: FAILED internal_error; the others of both organizations are QUEUED in the same scan", async () => {
    vi.spyOn(logger, "error");
    const a = await seedSender();
    const b = await seedSender();
    const bad = "+14155550110";
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const schedule = async (key: string, to: string) =>
      (await api.send(key, { to, body: "later", sendAt })).json.messageId as string;
    const failing = await schedule(a.testKey, bad);
    const others = [
      await schedule(a.testKey, "+14155550111"),
      await schedule(b.testKey, "+14155550112"),
      await schedule(b.testKey, "+14155550113"),
    ];
    // The oldest due of the database, so that a scan of every organization takes exactly these.
    await getDb().message.updateMany({
      where: { id: { in: [failing, ...others] } },
      data: { sendAt: new Date("2000-01-01T00:00:00Z") },
    });

    const cure = await poisonRows("messages", "UPDATE", `NEW.status = 'QUEUED' AND NEW.to_number = '${bad}'`);
    try {
      expect(await dispatchDueBatch(new Date(), 4, null)).toEqual({ queued: 3, canceled: 0, failed: 1 });
    } finally {
      await cure();
    }
    const rows = await getDb().message.findMany({ where: { id: { in: others } } });
    expect(rows.map((m) => m.status)).toEqual(["QUEUED", "QUEUED", "QUEUED"]);
    await expectMessageSetAside(failing, a.organizationId);
  });
});
