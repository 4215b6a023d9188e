/** SmppCarrier session: bind, refused bind, reconnect after a drop, keep-alive, TLS. */
import { afterEach, describe, expect, it } from "vitest";
import type { OutboundMessage, SubmitResult } from "../types";
import {
  accepted,
  closeOpened,
  hasOpenssl,
  message,
  selfSignedCert,
  setup,
  TEST_TIMEOUT,
  waitFor,
} from "./test-helpers";

afterEach(closeOpened);

describe("SmppCarrier against a loopback SMSC: session", () => {
  it(
    "binds with the right credentials",
    async () => {
      const { smsc, carrier } = await setup();
      expect(carrier.state()).toMatchObject({ status: "bound", lastError: null });
      expect(smsc.binds).toEqual([{ systemId: "signalgate", password: "secret", ok: true }]);
      await carrier.stop();
      expect(carrier.state().status).toBe("stopped");
      await waitFor(() => smsc.boundSessions === 0);
    },
    TEST_TIMEOUT,
  );

  it(
    "stays unbound with wrong credentials, keeps retrying, and answers retry for a batch",
    async () => {
      const { smsc, carrier } = await setup({ password: "wrong" });
      const state = carrier.state();
      expect(state.status).toBe("reconnecting");
      expect(state.lastError).toContain("ESME_RINVPASWD");
      const started = Date.now();
      const results = await carrier.submit([message("hi"), message("there")]);
      expect(Date.now() - started).toBeLessThan(100);
      expect(results.map((r) => r.outcome)).toEqual(["retry", "retry"]);
      expect(results[0]).toMatchObject({ errorMessage: expect.stringContaining("not bound") });
      await waitFor(() => smsc.binds.length >= 2); // it tries again with back-off
      expect(smsc.binds.every((b) => !b.ok)).toBe(true);
      expect(smsc.submits).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "reconnects after the SMSC drops mid-stream: in-flight messages retry, nothing is accepted twice",
    async () => {
      const { smsc, carrier } = await setup({ windowSize: 10 });
      const accepted: { body: string; providerId: string }[] = [];
      const record = (batch: OutboundMessage[], results: SubmitResult[]) => {
        const byId = new Map(results.map((r) => [r.messageId, r]));
        for (const m of batch) {
          const r = byId.get(m.id)!;
          if (r.outcome === "accepted") accepted.push({ body: m.body, providerId: r.providerMessageId });
        }
      };

      const batchA = Array.from({ length: 10 }, (_, i) => message(`A${i}`));
      record(batchA, await carrier.submit(batchA));
      expect(accepted).toHaveLength(10);

      // The SMSC answers 5 of the next batch, then stops answering and crashes.
      smsc.holdAfter(5);
      const batchB = Array.from({ length: 20 }, (_, i) => message(`B${i}`));
      const pendingB = carrier.submit(batchB);
      await waitFor(() => smsc.submits.length >= 15); // 5 answered + a full window of 10 held
      await smsc.crash();
      const resultsB = await pendingB;
      record(batchB, resultsB);
      expect(resultsB.filter((r) => r.outcome === "accepted")).toHaveLength(5);
      expect(resultsB.filter((r) => r.outcome === "retry")).toHaveLength(15);
      expect(resultsB.find((r) => r.outcome === "retry")).toMatchObject({
        errorMessage: expect.stringMatching(/connection lost|not bound/),
      });
      expect(carrier.state().status).toBe("reconnecting");
      expect((await carrier.submit([message("while down")]))[0]!.outcome).toBe("retry");

      await smsc.restart();
      await waitFor(() => carrier.state().status === "bound");
      expect(smsc.binds.filter((b) => b.ok)).toHaveLength(2);

      // The pipeline hands the retried messages over again, with a new one.
      const retried = batchB.filter((m) => resultsB.find((r) => r.messageId === m.id)!.outcome === "retry");
      const batchC = [...retried, message("C0")];
      const resultsC = await carrier.submit(batchC);
      expect(resultsC.every((r) => r.outcome === "accepted")).toBe(true);
      record(batchC, resultsC);

      // Every message answered accepted was taken (ESME_ROK) by the SMSC exactly once, under the id
      // the carrier reported.
      expect(accepted).toHaveLength(10 + 20 + 1);
      expect(new Set(accepted.map((a) => a.body)).size).toBe(accepted.length);
      for (const a of accepted) {
        const taken = smsc.submits.filter((s) => s.text === a.body && s.answeredStatus === 0);
        expect(taken.map((s) => s.messageId)).toEqual([a.providerId]);
      }
    },
    TEST_TIMEOUT,
  );

  it(
    "notices a hung SMSC through enquire_link and re-binds when it answers again",
    async () => {
      const { smsc, carrier } = await setup({ enquireLinkMs: 50, submitTimeoutMs: 300 });
      await waitFor(() => smsc.enquireLinks >= 2); // keep-alive answered, still bound
      expect(carrier.state().status).toBe("bound");
      smsc.hang();
      await waitFor(() => carrier.state().status === "reconnecting");
      expect(carrier.state().lastError).toContain("enquire_link_resp");
      smsc.resume();
      await waitFor(() => carrier.state().status === "bound");
      accepted((await carrier.submit([message("after the hang")]))[0]!);
    },
    TEST_TIMEOUT,
  );

  it.skipIf(!hasOpenssl())(
    "speaks ssmpp:// (TLS) with the package's TLS transport",
    async () => {
      const { key, cert } = selfSignedCert();
      const { smsc, carrier } = await setup({ tls: { ca: cert } }, { tls: { key, cert } });
      expect(smsc.url).toMatch(/^ssmpp:/);
      expect(carrier.state().status).toBe("bound");
      accepted((await carrier.submit([message("over TLS")]))[0]!);
      expect(smsc.submits[0]).toMatchObject({ text: "over TLS" });
    },
    TEST_TIMEOUT,
  );

  it.skipIf(!hasOpenssl())(
    "rejects an untrusted TLS certificate (stays unbound with the reason)",
    async () => {
      const { carrier } = await setup({}, { tls: selfSignedCert() });
      expect(carrier.state().status).toBe("reconnecting");
      expect(carrier.state().lastError).toMatch(/certificate/i);
    },
    TEST_TIMEOUT,
  );
});
