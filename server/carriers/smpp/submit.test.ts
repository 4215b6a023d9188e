/** SmppCarrier submit: GSM-7/UCS-2 encoding and concatenation, addresses, the window, refusals. */
import { afterEach, describe, expect, it } from "vitest";
import { countSegments } from "../../../schemas/segments";
import { decodeGsm7, encodeBody, GSM7_EXTENSION, GSM7_TABLE } from "./encoding";
import { accepted, closeOpened, message, setup, TEST_TIMEOUT } from "./test-helpers";

afterEach(closeOpened);

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

describe("SmppCarrier against a loopback SMSC: submit", () => {
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
      // A throttle: retried later, the attempt not counted; definitely not taken (may fail over).
      expect(results[0]).toMatchObject({ outcome: "retry", retryAfterMs: 1_500, throttled: true });
      expect(results[0]).toMatchObject({ errorMessage: expect.stringContaining("ESME_RTHROTTLED") });
      expect(results[1]).toMatchObject({ outcome: "retry", retryAfterMs: 1_500, throttled: true });
      expect(results[0]!.outcome === "retry" && results[0]!.maybeTaken).toBeFalsy();
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
});
