// Failover between two real peers on loopback: an SMSC (smpp package) and a Twilio-shaped HTTP API.
import { afterEach, describe, expect, it } from "vitest";
import { FailoverCarrier } from "./failover";
import { SmppStatusCode } from "./smpp/smpp-carrier";
import { closeOpened, message, setup, TEST_TIMEOUT, waitFor } from "./smpp/test-helpers";
import { carrier as twilioCarrier, setupTestTwilio, twilio } from "./twilio/test-helpers";
import type { Carrier, SubmitResult } from "./types";

setupTestTwilio();
afterEach(closeOpened);

function byId(results: SubmitResult[]): Map<string, SubmitResult> {
  return new Map(results.map((r) => [r.messageId, r]));
}

describe("failover (smpp, then twilio)", () => {
  it(
    "sends everything to the first provider while it takes messages; the second sees nothing",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const batch = [message("one"), message("two"), message("three")];
      const results = await failover.submit(batch);
      expect(results.map((r) => [r.outcome, r.provider])).toEqual([
        ["accepted", "smpp"],
        ["accepted", "smpp"],
        ["accepted", "smpp"],
      ]);
      expect(smsc.submits).toHaveLength(3);
      expect(twilio.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "moves every message to the second provider when the SMSC is down, and each is accepted once",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      await smsc.crash();
      await waitFor(() => smpp.state().status !== "bound"); // the session has seen the connection go
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const batch = [message("one"), message("two")];
      const results = byId(await failover.submit(batch));
      for (const m of batch) {
        const r = results.get(m.id)!;
        expect(r.outcome).toBe("accepted");
        expect(r.provider).toBe("twilio");
      }
      expect(twilio.created.map((c) => c.body).sort()).toEqual(["one", "two"]);
      expect(smsc.submits).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "moves a throttled message (ESME_RTHROTTLED) to the second provider and keeps a rejected one FAILED",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      smsc.setStatus("+14155550111", SmppStatusCode.ESME_RTHROTTLED);
      smsc.setStatus("+14155550122", SmppStatusCode.ESME_RINVDSTADR);
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const throttled = message("busy", { to: "+14155550111" });
      const invalid = message("nobody", { to: "+14155550122" });
      const results = byId(await failover.submit([throttled, invalid]));
      expect(results.get(throttled.id)).toMatchObject({ outcome: "accepted", provider: "twilio" });
      expect(results.get(invalid.id)).toMatchObject({
        outcome: "rejected",
        errorCode: "invalid_number",
        provider: "smpp",
      });
      expect(twilio.created.map((c) => c.to)).toEqual(["+14155550111"]);
    },
    TEST_TIMEOUT,
  );

  it(
    "never gives a message the SMSC may have taken (written, no answer) to the second provider",
    async () => {
      const { smsc, carrier: smpp } = await setup({ submitTimeoutMs: 300 });
      smsc.holdAfter(0); // takes the submit_sm and never answers it
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const m = message("maybe");
      const [result] = await failover.submit([m]);
      expect(result).toMatchObject({ outcome: "retry", maybeTaken: true, provider: "smpp" });
      expect(smsc.submits).toHaveLength(1);
      expect(twilio.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "keeps a pinned message with its provider even while that provider is down",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      await smsc.crash();
      await waitFor(() => smpp.state().status !== "bound"); // the session has seen the connection go
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const pinned = message("pinned", { pinnedProvider: "smpp" });
      const free = message("free");
      const results = byId(await failover.submit([pinned, free]));
      expect(results.get(pinned.id)).toMatchObject({ outcome: "retry", provider: "smpp" });
      expect(results.get(free.id)).toMatchObject({ outcome: "accepted", provider: "twilio" });
      expect(twilio.created.map((c) => c.body)).toEqual(["free"]);
    },
    TEST_TIMEOUT,
  );

  it(
    "sends a message pinned to the second provider straight there",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      const failover = new FailoverCarrier([smpp, twilioCarrier()]);
      const [result] = await failover.submit([message("to twilio", { pinnedProvider: "twilio" })]);
      expect(result).toMatchObject({ outcome: "accepted", provider: "twilio" });
      expect(smsc.submits).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});

describe("failover (twilio, then smpp)", () => {
  it(
    "moves messages to the SMSC when the API answers 5xx past its retries",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      twilio.setDefault({ kind: "error", status: 503, message: "Service unavailable" });
      const failover = new FailoverCarrier([twilioCarrier({ maxRetries: 1 }), smpp]);
      const m = message("fallback");
      const [result] = await failover.submit([m]);
      expect(result).toMatchObject({ outcome: "accepted", provider: "smpp" });
      expect(twilio.requests).toHaveLength(2); // the first attempt and one retry
      expect(twilio.created).toHaveLength(0);
      expect(smsc.submits.map((s) => s.text)).toEqual(["fallback"]);
    },
    TEST_TIMEOUT,
  );

  it(
    "keeps a message whose request timed out (maybe taken) with Twilio",
    async () => {
      const { smsc, carrier: smpp } = await setup();
      twilio.setDefault({ kind: "hang" });
      const failover = new FailoverCarrier([twilioCarrier({ timeoutMs: 200, maxRetries: 0 }), smpp]);
      const [result] = await failover.submit([message("slow")]);
      expect(result).toMatchObject({ outcome: "retry", maybeTaken: true, provider: "twilio" });
      expect(smsc.submits).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});

describe("failover bookkeeping", () => {
  it("treats a provider's missing answer as maybe taken, and a throw as a definite refusal", async () => {
    const silent: Carrier = { name: "silent", submit: async () => [] };
    const throws: Carrier = {
      name: "throws",
      submit: async () => {
        throw new Error("socket closed");
      },
    };
    const taker: Carrier = {
      name: "taker",
      submit: async (ms) => ms.map((m) => ({ messageId: m.id, outcome: "accepted", providerMessageId: `t-${m.id}` })),
    };
    const [fromSilent] = await new FailoverCarrier([silent, taker]).submit([message("a")]);
    expect(fromSilent).toMatchObject({ outcome: "retry", maybeTaken: true, provider: "silent" });
    const [fromThrow] = await new FailoverCarrier([throws, taker]).submit([message("b")]);
    expect(fromThrow).toMatchObject({ outcome: "accepted", provider: "taker" });
    const [lastRefusal] = await new FailoverCarrier([taker, throws].reverse()).submit([message("c")]);
    expect(lastRefusal).toMatchObject({ outcome: "accepted", provider: "taker" });
  });
});
