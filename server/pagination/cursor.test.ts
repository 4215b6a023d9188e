import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { decodeCursor, encodeCursor } from "./cursor";

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : "not an AppError";
  }
  return undefined;
}

describe("list cursors", () => {
  it("round-trips the position for the same list and organization", () => {
    const c = encodeCursor("audit.log", "org_1", "aud_0VbvZ");
    expect(decodeCursor("audit.log", "org_1", c)).toBe("aud_0VbvZ");
  });

  it("no cursor is the first page", () => {
    expect(decodeCursor("audit.log", "org_1", undefined)).toBeUndefined();
    expect(decodeCursor("audit.log", "org_1", "")).toBeUndefined();
  });

  it("refuses garbage, a raw id, another list's or another organization's cursor, and a tampered one", () => {
    const c = encodeCursor("webhook.deliveries", "org_1", "dlv_1");
    expect(code(() => decodeCursor("webhook.deliveries", "org_1", "garbage"))).toBe("invalid_request");
    expect(code(() => decodeCursor("webhook.deliveries", "org_1", "dlv_1"))).toBe("invalid_request");
    expect(code(() => decodeCursor("audit.log", "org_1", c))).toBe("invalid_request");
    expect(code(() => decodeCursor("webhook.deliveries", "org_2", c))).toBe("invalid_request");
    const [payload, sig] = c.split(".");
    const forged = Buffer.from(JSON.stringify(["webhook.deliveries", "org_1", "dlv_9"])).toString("base64url");
    expect(code(() => decodeCursor("webhook.deliveries", "org_1", `${forged}.${sig}`))).toBe("invalid_request");
    expect(code(() => decodeCursor("webhook.deliveries", "org_1", `${payload}.`))).toBe("invalid_request");
  });
});
