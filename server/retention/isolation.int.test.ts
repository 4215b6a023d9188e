// Issue 37 §2: retention goes kind by kind (messages, events, deliveries, audit entries, fraud
// counters…); one kind whose batch fails (here: a trigger refuses to delete an audit entry, as a
// fault of that row would) no longer stops the run: that kind is set aside for the run, with its
// error reference, and every other kind is deleted as usual. The next run tries it again.
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "../db/client";
import { logger } from "../logger";
import { seedOrganization } from "../test/seed";
import { loggedSetAside, poisonRows } from "../test/isolation";
import { agedAuditEntry, agedEvent, agedMessage, runRetentionFor } from "../test/retention-fixtures";

afterEach(() => vi.restoreAllMocks());

describe("retention sets a failing kind aside", () => {
  it("an audit entry it cannot delete: audit entries wait for the next run; messages and events are deleted", async () => {
    vi.spyOn(logger, "error");
    const now = new Date();
    const { organizationId } = await seedOrganization("owner");
    const message = await agedMessage(organizationId, now, 500);
    const event = await agedEvent(organizationId, now, 30, true);
    const audit = await agedAuditEntry(organizationId, now, 400);

    const cure = await poisonRows("audit_log", "DELETE", `OLD.id = '${audit}'`);
    let report;
    try {
      report = await runRetentionFor(organizationId, now);
    } finally {
      await cure();
    }
    expect(report).toMatchObject({
      finished: false,
      rows: { messages: 1, outboxEvents: 1, auditLog: 0 },
      setAside: { auditLog: expect.stringMatching(/^err_/) },
    });
    expect(loggedSetAside(report.setAside.auditLog!)).toMatchObject({
      runner: "retention",
      id: "auditLog",
      stack: expect.any(String),
    });
    expect(await getDb().message.findFirst({ where: { organizationId, id: message } })).toBeNull();
    expect(await getDb().outboxEvent.findFirst({ where: { organizationId, id: event } })).toBeNull();

    // Once the cause is gone, the next run deletes it.
    expect(await runRetentionFor(organizationId, now)).toMatchObject({ finished: true, rows: { auditLog: 1 } });
  });
});
