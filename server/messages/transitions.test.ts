import { describe, expect, it } from "vitest";
import { ALLOWED_TRANSITIONS, applyTransitions } from "./transitions";

describe("message lifecycle", () => {
  it("is QUEUED → SENT → DELIVERED | UNDELIVERED | FAILED (a carrier's own failure) and QUEUED → FAILED, with no way back; SCHEDULED → FAILED when set aside", () => {
    expect(ALLOWED_TRANSITIONS).toEqual({
      SCHEDULED: ["FAILED"],
      QUEUED: ["SENT", "FAILED"],
      SENT: ["DELIVERED", "UNDELIVERED", "FAILED"],
      DELIVERED: [],
      FAILED: [],
      UNDELIVERED: [],
    });
  });

  it("refuses a transition outside the lifecycle before touching the database", async () => {
    await expect(
      applyTransitions(null, [{ organizationId: "o", messageId: "m", from: "DELIVERED", to: "SENT" }], new Date()),
    ).rejects.toThrow("Invalid transition DELIVERED → SENT");
    await expect(
      applyTransitions(null, [{ organizationId: "o", messageId: "m", from: "QUEUED", to: "DELIVERED" }], new Date()),
    ).rejects.toThrow(/Invalid transition/);
  });
});
