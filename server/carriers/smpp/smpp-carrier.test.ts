import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { countSegments } from "../../../schemas/segments";
import type { OutboundMessage, SubmitResult } from "../types";
import { decodeGsm7, encodeBody, GSM7_EXTENSION, GSM7_TABLE } from "./encoding";
import { SmppCarrier, type SmppCarrierOptions, type SmppReceipt } from "./smpp-carrier";
import { TestSmsc, type TestSmscOptions } from "./test-smsc";

// Every test bounds itself (10 s) and closes what it opened in afterEach.
const TEST_TIMEOUT = 10_000;

let opened: { smsc: TestSmsc[]; carriers: SmppCarrier[] } = { smsc: [], carriers: [] };

afterEach(async () => {
  for (const carrier of opened.carriers) await carrier.stop();
  for (const smsc of opened.smsc) await smsc.close();
  opened = { smsc: [], carriers: [] };
});

async function setup(
  carrierOptions: Partial<SmppCarrierOptions> = {},
  smscOptions: TestSmscOptions = {},
): Promise<{ smsc: TestSmsc; carrier: SmppCarrier; receipts: SmppReceipt[] }> {
  const smsc = await TestSmsc.start(smscOptions);
  opened.smsc.push(smsc);
  const receipts: SmppReceipt[] = [];
  const carrier = new SmppCarrier({
    url: smsc.url,
    systemId: "signalgate",
    password: "secret",
    reconnectInitialMs: 50,
    reconnectMaxMs: 200,
    submitTimeoutMs: 2_000,
    onReceipt: (r) => {
      receipts.push(r);
    },
    ...carrierOptions,
  });
  opened.carriers.push(carrier);
  await carrier.start();
  return { smsc, carrier, receipts };
}

let seq = 0;
function message(body: string, overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  const counted = countSegments(body);
  seq += 1;
  return {
    id: `msg_${String(seq).padStart(8, "0")}`,
    organizationId: "org_x",
    environment: "live",
    to: "+14155550123",
    from: "SignalGate",
    body,
    segments: counted.segments,
    encoding: counted.encoding,
    attempt: 1,
    ...overrides,
  };
}

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

function accepted(r: SubmitResult): string {
  if (r.outcome !== "accepted") throw new Error(`expected accepted, got ${JSON.stringify(r)}`);
  return r.providerMessageId;
}

describe("SMPP encoding", () => {
  it("uses the same GSM 03.38 alphabet as schemas/segments.ts", () => {
    const all = [...GSM7_TABLE].filter((c) => c !== "\x1b").join("") + Object.keys(GSM7_EXTENSION).join("");
    expect(countSegments(all).encoding).toBe("GSM-7");
    expect(GSM7_TABLE).toHaveLength(128);
    const octets = Buffer.concat(encodeBody(all, "GSM-7").parts);
    expect(decodeGsm7(octets)).toBe(all);
  });

  it("never splits an escape pair or a surrogate pair, and agrees with countSegments", () => {
    const gsm = "a".repeat(152) + "€" + "b".repeat(20);
    const g = encodeBody(gsm, "GSM-7");
    expect(g.parts.map((p) => p.length)).toEqual([152, 22]);
    expect(g.parts[1]![0]).toBe(0x1b);
    expect(g.parts).toHaveLength(countSegments(gsm).segments);

    const ucs = "д".repeat(66) + "😀" + "д".repeat(32);
    const u = encodeBody(ucs, "UCS-2");
    expect(u.parts.map((p) => p.length / 2)).toEqual([66, 34]);
    expect(u.parts).toHaveLength(countSegments(ucs).segments);
    expect(encodeBody("x".repeat(160), "GSM-7").parts).toHaveLength(1);
    expect(encodeBody("ж".repeat(70), "UCS-2").parts).toHaveLength(1);
  });
});

describe("SmppCarrier against a loopback SMSC", () => {
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
    "submits a short GSM-7 message with the right addresses, coding and receipt request",
    async () => {
      const { smsc, carrier } = await setup();
      const m = message("Hello {world} €5", { from: "SignalGate", to: "+14155550123" });
      const [result] = await carrier.submit([m]);
      const providerId = accepted(result!);
      expect(smsc.submits).toHaveLength(1);
      expect(smsc.submits[0]).toMatchObject({
        sourceAddr: "SignalGate",
        sourceTon: 5,
        sourceNpi: 0,
        destinationAddr: "14155550123",
        destTon: 1,
        destNpi: 1,
        esmClass: 0,
        dataCoding: 0,
        registeredDelivery: 1,
        concat: null,
        text: "Hello {world} €5",
        messageId: providerId,
      });

      await carrier.submit([message("from a number", { from: "+15005550006" })]);
      expect(smsc.submits[1]).toMatchObject({ sourceAddr: "15005550006", sourceTon: 1, sourceNpi: 1 });
    },
    TEST_TIMEOUT,
  );

  it(
    "sends a 300-character GSM-7 message as 2 concatenated parts",
    async () => {
      const { smsc, carrier } = await setup();
      const body = Array.from({ length: 300 }, (_, i) => "abcdefghij"[i % 10]).join("");
      const m = message(body);
      expect(m.segments).toBe(2);
      const [result] = await carrier.submit([m]);
      const providerId = accepted(result!);
      expect(smsc.submits).toHaveLength(2);
      const [p1, p2] = smsc.submits as [(typeof smsc.submits)[0], (typeof smsc.submits)[0]];
      expect(p1.concat).toMatchObject({ total: 2, seq: 1 });
      expect(p2.concat).toEqual({ reference: p1.concat!.reference, total: 2, seq: 2 });
      expect([p1.esmClass, p2.esmClass]).toEqual([0x40, 0x40]);
      expect([p1.dataCoding, p2.dataCoding]).toEqual([0, 0]);
      expect(p1.text).toHaveLength(153);
      expect(p1.text + p2.text).toBe(body);
      // The provider id is the first part's message_id.
      expect(providerId).toBe(p1.messageId);
    },
    TEST_TIMEOUT,
  );

  it(
    "sends a 100-unit UCS-2 message (Cyrillic and emoji) as 2 parts with data_coding 8",
    async () => {
      const { smsc, carrier } = await setup();
      const body = "Привет, мир! ".repeat(5) + "д".repeat(66 - 65) + "😀" + "ж".repeat(32);
      expect(body.length).toBe(100);
      const m = message(body);
      expect(m).toMatchObject({ encoding: "UCS-2", segments: 2 });
      accepted((await carrier.submit([m]))[0]!);
      expect(smsc.submits).toHaveLength(2);
      const [p1, p2] = smsc.submits as [(typeof smsc.submits)[0], (typeof smsc.submits)[0]];
      expect([p1.dataCoding, p2.dataCoding]).toEqual([8, 8]);
      expect([p1.concat?.seq, p2.concat?.seq]).toEqual([1, 2]);
      expect(p1.concat?.reference).toBe(p2.concat?.reference);
      expect(p1.text + p2.text).toBe(body);
      expect(p1.text).toHaveLength(66); // the emoji did not fit whole, so it starts part 2
    },
    TEST_TIMEOUT,
  );

  it(
    "keeps at most windowSize submit_sm outstanding and gets all 50 accepted",
    async () => {
      const { smsc, carrier } = await setup({ windowSize: 10 }, { answerDelayMs: 15 });
      const batch = Array.from({ length: 50 }, (_, i) => message(`window ${i}`));
      const results = await carrier.submit(batch);
      expect(results.every((r) => r.outcome === "accepted")).toBe(true);
      expect(new Set(results.map(accepted)).size).toBe(50);
      expect(smsc.submits).toHaveLength(50);
      expect(smsc.maxOutstanding).toBeLessThanOrEqual(10);
      expect(smsc.maxOutstanding).toBeGreaterThan(1); // a window, not one at a time
    },
    TEST_TIMEOUT,
  );

  it(
    "maps DELIVRD and UNDELIV receipts and answers every deliver_sm after onReceipt",
    async () => {
      const seen: { receipt: SmppReceipt; responsesSoFar: number }[] = [];
      let smscRef: TestSmsc | null = null;
      let fail = false;
      const { smsc, carrier } = await setup({
        onReceipt: async (receipt) => {
          await new Promise((r) => setTimeout(r, 20));
          if (fail) throw new Error("database down");
          seen.push({ receipt, responsesSoFar: smscRef!.deliverResponses.length });
        },
      });
      smscRef = smsc;
      const [a, b] = await carrier.submit([message("one"), message("two")]);
      const idA = accepted(a!);
      const idB = accepted(b!);

      const r1 = await smsc.sendReceipt({ messageId: idA, stat: "DELIVRD", form: "tlv" });
      const r2 = await smsc.sendReceipt({ messageId: idB, stat: "UNDELIV", err: "012", form: "tlv" });
      // Text form only, with an id the GSM table would mangle.
      const r3 = await smsc.sendReceipt({ messageId: "ab_c$@1", stat: "EXPIRED", err: "027", form: "text" });
      // Intermediate receipts are acknowledged but not handed on.
      const r4 = await smsc.sendReceipt({ messageId: idA, stat: "ENROUTE" });
      expect([r1, r2, r3, r4].map((r) => r.command_status)).toEqual([0, 0, 0, 0]);

      expect(seen.map((s) => s.receipt)).toEqual([
        { providerMessageId: idA, status: "DELIVERED" },
        {
          providerMessageId: idB,
          status: "UNDELIVERED",
          errorCode: "carrier_undeliv",
          errorMessage: expect.stringContaining("012"),
        },
        {
          providerMessageId: "ab_c$@1",
          status: "UNDELIVERED",
          errorCode: "carrier_expired",
          errorMessage: expect.stringContaining("027"),
        },
      ]);
      // Each receipt was handed on before its deliver_sm_resp was sent.
      expect(seen.map((s) => s.responsesSoFar)).toEqual([0, 1, 2]);

      fail = true;
      const r5 = await smsc.sendReceipt({ messageId: idA, stat: "DELIVRD" });
      expect(r5.command_status).toBe(0x64); // ESME_RX_T_APPN: the SMSC redelivers
      expect(smsc.deliverResponses).toHaveLength(smsc.deliverSent);
    },
    TEST_TIMEOUT,
  );

  it(
    "answers retry with retryAfterMs when throttled, rejects invalid destinations and other permanent errors",
    async () => {
      const { smsc, carrier } = await setup({ throttleRetryMs: 1_500 });
      smsc.setStatus("+14155550101", 0x58); // ESME_RTHROTTLED
      smsc.setStatus("+14155550102", 0x14); // ESME_RMSGQFUL
      smsc.setStatus("+14155550103", 0x0b); // ESME_RINVDSTADR
      smsc.setStatus("+14155550104", 0x45); // ESME_RSUBMITFAIL
      const results = await carrier.submit([
        message("a", { to: "+14155550101" }),
        message("b", { to: "+14155550102" }),
        message("c", { to: "+14155550103" }),
        message("d", { to: "+14155550104" }),
        message("e", { to: "+14155550105" }),
      ]);
      expect(results[0]).toMatchObject({ outcome: "retry", retryAfterMs: 1_500 });
      expect(results[0]).toMatchObject({ errorMessage: expect.stringContaining("ESME_RTHROTTLED") });
      expect(results[1]).toMatchObject({ outcome: "retry", retryAfterMs: 1_500 });
      expect(results[2]).toMatchObject({ outcome: "rejected", errorCode: "invalid_number" });
      expect(results[3]).toMatchObject({
        outcome: "rejected",
        errorCode: "carrier_rejected",
        errorMessage: expect.stringContaining("0x00000045"),
      });
      expect(results[4]).toMatchObject({ outcome: "accepted" });
      expect(carrier.state().status).toBe("bound");
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

/** A throwaway self-signed certificate for 127.0.0.1 (openssl on the PATH). */
function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "smpp-tls-"));
  try {
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key].concat([
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ]),
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
