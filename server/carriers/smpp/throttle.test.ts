// Carrier throttling against the test SMSC (contract §15): ESME_RTHROTTLED / ESME_RMSGQFUL slow
// the connection down and answer "throttled"; the same message goes again and is taken once.
import { afterEach, describe, expect, it } from "vitest";
import type { OutboundMessage, SubmitResult } from "../types";
import type { SmppCarrier } from "./smpp-carrier";
import { SmppStatusCode } from "./smpp-carrier";
import { closeOpened, message, setup, waitFor } from "./test-helpers";

afterEach(closeOpened);

const TIMEOUT = 20_000;

/** As the pipeline would: the messages answered "retry" go again (at once: the pace makes them wait) until all are taken. */
async function retryUntilTaken(carrier: SmppCarrier, messages: OutboundMessage[], first: SubmitResult[]) {
  const answers: SubmitResult[] = [];
  const again = (results: SubmitResult[]) =>
    new Set(results.filter((r) => r.outcome === "retry").map((r) => r.messageId));
  let pending = messages.filter((m) => again(first).has(m.id));
  for (let round = 0; pending.length > 0 && round < 30; round++) {
    const results = await carrier.submit(pending);
    answers.push(...results);
    const retried = again(results);
    pending = pending.filter((m) => retried.has(m.id));
  }
  return { answers, pending };
}

describe("SMPP carrier throttling", () => {
  it(
    "slows down on ESME_RTHROTTLED, sends each throttled message again and has it taken exactly once, then ramps back up",
    async () => {
      const { smsc, carrier } = await setup({ pace: { rampShare: 0.5 } });
      smsc.throttleAbove(10); // the SMSC takes 10 submit_sm a second
      expect(carrier.pace.currentMps()).toBeNull(); // no SMPP_MAX_MPS: no limit

      const messages = Array.from({ length: 30 }, (_, i) => message(`throttle-${i}`, { to: `+1415555${2000 + i}` }));
      const first = await carrier.submit(messages);
      const throttled = first.filter((r) => r.outcome === "retry");
      expect(throttled.length).toBeGreaterThan(0);
      for (const r of throttled) {
        // Retried later, not counted, never failed; the SMSC did not take it, so it may fail over.
        expect(r).toMatchObject({
          outcome: "retry",
          throttled: true,
          errorMessage: expect.stringContaining("THROTTLED"),
        });
        expect(r.outcome === "retry" && r.retryAfterMs).toBeGreaterThanOrEqual(1_000);
        expect(r.outcome === "retry" && r.maybeTaken).toBeFalsy();
      }
      // The connection slowed down to half of what it sent.
      const slowed = carrier.pace.currentMps();
      expect(slowed).not.toBeNull();
      expect(slowed!).toBeLessThan(30);

      const { answers, pending } = await retryUntilTaken(carrier, messages, first);
      expect(pending).toEqual([]);
      expect(answers.every((r) => r.outcome === "accepted" || (r.outcome === "retry" && r.throttled))).toBe(true);

      // Every message taken exactly once: no rejection, no duplicate.
      const taken = smsc.submits.filter((s) => s.answeredStatus === SmppStatusCode.ESME_ROK).map((s) => s.text);
      expect(taken.sort()).toEqual(messages.map((m) => m.body).sort());
      const refused = smsc.submits.filter((s) => s.answeredStatus === SmppStatusCode.ESME_RTHROTTLED);
      expect(refused.length).toBe(smsc.submits.length - messages.length);

      // With no throttle answers any more, it ramps back up until the limit lifts.
      await waitFor(() => carrier.pace.currentMps() === null, 10_000);
    },
    TIMEOUT,
  );

  it(
    "sends a throttled later part again without sending the earlier parts twice",
    async () => {
      const { smsc, carrier } = await setup();
      smsc.throttleAbove(1);
      const long = message("L".repeat(299) + "!");
      expect(long.segments).toBe(2);
      const [result] = await carrier.submit([long]);
      expect(result).toMatchObject({ outcome: "accepted", providerMessageId: smsc.submits[0]!.messageId });

      const seqs = smsc.submits.map((s) => [s.concat?.seq, s.answeredStatus]);
      expect(seqs[0]).toEqual([1, SmppStatusCode.ESME_ROK]);
      expect(seqs.at(-1)).toEqual([2, SmppStatusCode.ESME_ROK]);
      // Between them only part 2, throttled: part 1 went once.
      for (const s of seqs.slice(1, -1)) expect(s).toEqual([2, SmppStatusCode.ESME_RTHROTTLED]);
      expect(new Set(smsc.submits.map((s) => s.concat?.reference)).size).toBe(1);
      const parts = smsc.submits.filter((s) => s.answeredStatus === SmppStatusCode.ESME_ROK);
      expect(parts.map((s) => s.text).join("")).toBe(long.body);
    },
    TIMEOUT,
  );

  it(
    "spaces submit_sm under SMPP_MAX_MPS, and treats ESME_RMSGQFUL as a throttle",
    async () => {
      const { smsc, carrier } = await setup({ pace: { ceiling: 20, rampShare: 0.5 } });
      expect(carrier.pace.currentMps()).toBe(20);
      const batch = Array.from({ length: 8 }, (_, i) => message(`ceiling-${i}`));
      expect((await carrier.submit(batch)).every((r) => r.outcome === "accepted")).toBe(true);
      // At most 20 a second: 8 submit_sm, the first at once, span at least 7 × 50 ms.
      const arrivals = smsc.submits.map((s) => s.at);
      expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(7 * 50 - 5);

      smsc.throttleNext(1, SmppStatusCode.ESME_RMSGQFUL);
      const full = message("queue-full");
      const first = await carrier.submit([full]);
      expect(first[0]).toMatchObject({
        outcome: "retry",
        throttled: true,
        errorMessage: expect.stringContaining("MSGQFUL"),
      });
      // Half of what it sent over the last second (8 at most), and back up to the ceiling, no further.
      expect(carrier.pace.currentMps()!).toBeLessThanOrEqual(5);
      const { pending } = await retryUntilTaken(carrier, [full], first);
      expect(pending).toEqual([]);
      expect(smsc.submits.filter((s) => s.text === "queue-full").map((s) => s.answeredStatus)).toEqual([
        SmppStatusCode.ESME_RMSGQFUL,
        SmppStatusCode.ESME_ROK,
      ]);
      await waitFor(() => carrier.pace.currentMps() === 20, 10_000);
    },
    TIMEOUT,
  );
  it(
    "does not send a message whose turn would come too late: it answers throttled at once",
    async () => {
      const { smsc, carrier } = await setup({ pace: { ceiling: 1 }, paceMaxWaitMs: 100 });
      const [a, b] = await carrier.submit([message("now"), message("too-late")]);
      expect(a).toMatchObject({ outcome: "accepted" });
      expect(b).toMatchObject({ outcome: "retry", throttled: true, errorMessage: expect.stringContaining("paced") });
      expect(b!.outcome === "retry" && b!.maybeTaken).toBeFalsy();
      expect(smsc.submits.map((s) => s.text)).toEqual(["now"]);
    },
    TIMEOUT,
  );
});
