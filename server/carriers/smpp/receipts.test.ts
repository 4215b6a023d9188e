/** SmppCarrier delivery receipts: mapping deliver_sm to receipts, acknowledging after onReceipt. */
import { afterEach, describe, expect, it } from "vitest";
import type { SmppReceipt } from "./smpp-carrier";
import type { TestSmsc } from "./test-smsc";
import { accepted, closeOpened, message, setup, TEST_TIMEOUT } from "./test-helpers";

afterEach(closeOpened);

describe("SmppCarrier against a loopback SMSC: receipts", () => {
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
        { providerMessageId: idA, handset: "14155550123", status: "DELIVERED" },
        {
          providerMessageId: idB,
          handset: "14155550123",
          status: "UNDELIVERED",
          errorCode: "carrier_undeliv",
          errorMessage: expect.stringContaining("012"),
        },
        {
          providerMessageId: "ab_c$@1",
          handset: "14155550123",
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
});
