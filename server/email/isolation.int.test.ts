// Issue 37 §2: one email's fault never holds up the others. The sender records a batch's sent
// emails in one statement: one that cannot be recorded (here: a trigger refuses its row, as a
// fault of that row would) made the whole batch fail, and every email of the batch was sent again
// when its lease expired. Now that email is set aside, FAILED with the reason and error reference,
// and the others are recorded sent.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { logger } from "../logger";
import { uniqueEmail } from "../test/http";
import { loggedSetAside, poisonRows } from "../test/isolation";
import { enqueueEmail } from "./enqueue-email";
import { sendDueEmails } from "./send-emails";
import type { OutgoingEmail } from "./transport";

afterEach(() => vi.restoreAllMocks());

describe("the email sender sets a failing email aside", () => {
  it("one sent email that cannot be recorded: FAILED with its reason; the others are recorded sent", async () => {
    vi.spyOn(logger, "error");
    const [first, bad, last] = [uniqueEmail("iso-a"), uniqueEmail("iso-bad"), uniqueEmail("iso-b")];
    const ids: Record<string, string> = {};
    for (const to of [first!, bad!, last!]) {
      ids[to] = await enqueueEmail(getDb(), to, { template: "password-changed", data: { when: "now" } });
    }
    const delivered: OutgoingEmail[] = [];
    const transport = async (email: OutgoingEmail) => void delivered.push(email);

    const cure = await poisonRows("email_outbox", "UPDATE", `NEW.status = 'sent' AND NEW.to_address = '${bad}'`);
    try {
      expect(await sendDueEmails(getDb(), () => new Date(), transport, { toAddresses: [first!, bad!, last!] })).toEqual(
        { sent: 3, retrying: 0, failed: 0 },
      );
    } finally {
      await cure();
    }
    expect(delivered.map((e) => e.to).sort()).toEqual([first, bad, last].sort());
    const rows = await getDb().emailOutbox.findMany({ where: { id: { in: Object.values(ids) } } });
    const byTo = new Map(rows.map((r) => [r.toAddress, r]));
    expect(byTo.get(first!)).toMatchObject({ status: "sent", lockedUntil: null });
    expect(byTo.get(last!)).toMatchObject({ status: "sent", lockedUntil: null });
    const setAside = byTo.get(bad!)!;
    expect(setAside).toMatchObject({ status: "failed", lockedUntil: null });
    expect(setAside.lastError).toMatch(/^An internal error stopped this email: .* \(error reference err_\w+\)$/);
    const reference = /err_\w+/.exec(setAside.lastError!)![0];
    expect(loggedSetAside(reference)).toMatchObject({ kind: "email", id: setAside.id, stack: expect.any(String) });
    // Nothing is sent twice: nothing is left pending.
    expect(
      await sendDueEmails(getDb(), () => new Date(Date.now() + 3_600_000), transport, { toAddresses: [bad!] }),
    ).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});
