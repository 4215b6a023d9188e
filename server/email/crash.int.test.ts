// kill -9 between an email's commit and its SMTP hand-off: the email was written in the
// transaction that caused it (here: a sign-up), so after the restart it reaches the SMTP peer.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { getEnv, resetEnvForTests } from "../env";
import { runThenKill } from "../test/crash";
import { uniqueEmail } from "../test/http";
import { startSmtpPeer, type SmtpPeer } from "../test/smtp-peer";
import { EMAIL_LEASE_MS, sendDueEmails } from "./send-emails";

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-email-crash-")) : undefined;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  process.env.SMTP_URL = smtp.url;
  resetEnvForTests();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvForTests();
  await smtp.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function commitThenDie(stage: "committed" | "sending", email: string) {
  return runThenKill<{ emailId: string }>("email-then-die.ts", [stage, email], { dataDir });
}

describe.sequential("kill -9 between an email's commit and its sending", () => {
  it("an email committed but never sent is sent after the restart, with its job still queued", async () => {
    const email = uniqueEmail("crash");
    const died = await commitThenDie("committed", email);
    expect(smtp.to(email)).toHaveLength(0);
    // Both halves survived the kill: the outbox row and the job that sends it.
    const job = await getDb().job.findUnique({ where: { dedupeKey: `send-emails:email:${died.emailId}` } });
    expect(job).toMatchObject({ functionId: "send-emails", status: "pending" });
    expect(await getDb().emailOutbox.findUnique({ where: { id: died.emailId } })).toMatchObject({ status: "pending" });

    await sendDueEmails(getDb(), () => new Date(), undefined, { toAddresses: [email] });
    const mails = smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Verify your email address");
    expect(mails[0]!.messageId).toBe(`<${died.emailId}@signalgate>`);
    expect(await getDb().emailOutbox.findUnique({ where: { id: died.emailId } })).toMatchObject({ status: "sent" });
  });

  it("an email claimed by the dead process is sent once its lease has expired", async () => {
    const email = uniqueEmail("crash");
    const died = await commitThenDie("sending", email);
    await sendDueEmails(getDb(), () => new Date(), undefined, { toAddresses: [email] });
    expect(smtp.to(email), "still leased to the dead process").toHaveLength(0);
    await sendDueEmails(getDb(), () => new Date(Date.now() + EMAIL_LEASE_MS + 1000), undefined, {
      toAddresses: [email],
    });
    expect(smtp.to(email).map((m) => m.messageId)).toEqual([`<${died.emailId}@signalgate>`]);
  });
});

describe("retries", () => {
  it("a temporary SMTP failure is retried later; the email is sent once", async () => {
    const email = uniqueEmail("retry");
    const { registerUser } = await import("../auth/register-user");
    await registerUser(getDb(), { email, password: "retry test password", organizationName: "Retry" });
    smtp.failNext(1);
    const first = await sendDueEmails(getDb(), () => new Date(), undefined, { toAddresses: [email] });
    expect(first).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const row = await getDb().emailOutbox.findFirstOrThrow({ where: { toAddress: email } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("451") });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not yet due: nothing happens.
    expect(await sendDueEmails(getDb(), () => new Date(), undefined, { toAddresses: [email] })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    const later = await sendDueEmails(getDb(), () => new Date(Date.now() + 60_000), undefined, {
      toAddresses: [email],
    });
    expect(later).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(smtp.to(email)).toHaveLength(1);
  });
});
