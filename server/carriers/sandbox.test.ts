import { describe, expect, it } from "vitest";
import { sandboxCarrier, sandboxReceipt, SANDBOX_NUMBERS } from "./sandbox";
import { carrierFor } from "./registry";

const message = (to: string) => ({
  id: "msg_00000000abcdefghijklmnop",
  organizationId: "org_x",
  environment: "test" as const,
  to,
  from: "SG",
  body: "hi",
  segments: 1,
  encoding: "GSM-7" as const,
  attempt: 1,
});

describe("sandbox carrier", () => {
  it("rejects +15005550001 and accepts anything else with a provider id", async () => {
    const [failed, ok] = await sandboxCarrier.submit([message(SANDBOX_NUMBERS.failed), message("+14155550123")]);
    expect(failed).toMatchObject({ outcome: "rejected", errorCode: "invalid_number" });
    expect(ok).toEqual({
      messageId: "msg_00000000abcdefghijklmnop",
      outcome: "accepted",
      providerMessageId: "sbx_00000000abcdefghijklmnop",
    });
  });

  it("answers receipts: UNDELIVERED for +15005550002, none for +15005550003, DELIVERED otherwise", () => {
    expect(sandboxReceipt("org", "m", SANDBOX_NUMBERS.undelivered)).toMatchObject({
      status: "UNDELIVERED",
      errorCode: "carrier_rejected",
    });
    expect(sandboxReceipt("org", "m", SANDBOX_NUMBERS.noReceipt)).toBeNull();
    expect(sandboxReceipt("org", "m", "+447911123456")).toEqual({
      organizationId: "org",
      messageId: "m",
      status: "DELIVERED",
    });
  });

  it("is the carrier of the test environment; live has none until a provider is configured", () => {
    expect(carrierFor("test")).toBe(sandboxCarrier);
    expect(carrierFor("live")).toBeNull();
  });
});
