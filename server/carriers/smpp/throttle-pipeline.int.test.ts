// Carrier throttling end to end (contract §15): live messages through the pipeline to a test SMSC
// that takes 10 submit_sm a second and answers ESME_RTHROTTLED to the rest. Every message ends
// SENT, taken by the SMSC exactly once, never failed, and its throttled hand-offs not counted.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { logger } from "../../logger";
import { handOffQueued } from "../../messages/pipeline/hand-off";
import { useLiveCarriers } from "../../test/live-carriers";
import { api, eventsOf, seedSender } from "../../test/messaging";
import { paceSender } from "../../test/sender-pace";
import type { LiveCarriers } from "../live";
import type { SmppCarrier } from "./smpp-carrier";
import { SmppStatusCode } from "./status-codes";
import { waitFor } from "./test-helpers";
import { TestSmsc } from "./test-smsc";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  // Ids of its own, so receipts of other files' SMSCs never name these messages.
  smsc = await TestSmsc.start({ systemId: "sg-thr", password: "pw-thr", firstId: 0x7a000 });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-thr",
    SMPP_PASSWORD: "pw-thr",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

describe("a throttling SMSC through the pipeline", () => {
  it("sends every message exactly once, fails none, and counts no throttled attempt", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 1000); // the sender may go faster than the SMSC takes
    const count = 20;
    const res = await api.bulk(liveKey, {
      messages: Array.from({ length: count }, (_, i) => ({ to: "+14155550180", body: `paced-${i}` })),
    });
    expect(res.json.accepted).toBe(count);
    smsc.throttleAbove(10);
    expect((live.providers[0] as SmppCarrier).pace.currentMps()).toBeNull();

    // Each cut of the connection's pace is logged with the new rate.
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    // Rounds until nothing is queued, each looking further ahead, past the throttled ones' retry time.
    for (let i = 1; i <= 30; i++) {
      const now = () => new Date(Date.now() + i * 2_000);
      while ((await handOffQueued({ now, organizationId })) > 0);
      if ((await getDb().message.count({ where: { organizationId, status: "QUEUED" } })) === 0) break;
    }
    const cuts = warn.mock.calls.filter(([m]) => m.startsWith("SMPP throttled")).map(([, f]) => f?.mps);
    warn.mockRestore();
    // The first throttle halved what it had sent (the whole batch at most).
    expect(cuts.length).toBeGreaterThan(0);
    expect(cuts[0]).toBeLessThanOrEqual(count / 2);

    const rows = await getDb().message.findMany({ where: { organizationId } });
    expect(rows.map((r) => r.status)).toEqual(Array.from({ length: count }, () => "SENT"));
    expect(rows.every((r) => r.attempts === 1 && r.provider === "smpp")).toBe(true);
    const mine = smsc.submits.filter((s) => s.text.startsWith("paced-"));
    expect(mine.filter((s) => s.answeredStatus === SmppStatusCode.ESME_RTHROTTLED).length).toBeGreaterThan(0);
    const taken = mine.filter((s) => s.answeredStatus === SmppStatusCode.ESME_ROK);
    expect(taken.map((s) => s.text).sort()).toEqual(rows.map((r) => r.body).sort());
    const idsByBody = new Map(taken.map((s) => [s.text, s.messageId]));
    for (const r of rows) expect(r.providerMessageId).toBe(idsByBody.get(r.body));
    const types = (await eventsOf(organizationId)).map((e) => e.type);
    expect(types.filter((t) => t === "message.sent")).toHaveLength(count);
    expect(types).not.toContain("message.failed");
  }, 60_000);
});
