// What the accounts API tests share (contract §14): a real SMTP peer per file, and sign-up and
// sign-in through the real routes. Emails go through the outbox and the send-emails code to
// smtp-server and are parsed back with mailparser; the links in them drive the next step.
import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { POST as register } from "@/app/api/v1/auth/register/route";
import { POST as tokenRoute } from "@/app/api/v1/auth/token/route";
import { getDb } from "@/server/db/client";
import { sendDueEmails } from "@/server/email/send-emails";
import { resetEnvForTests } from "@/server/env";
import { call, uniqueEmail } from "@/server/test/http";
import { startSmtpPeer, type SmtpPeer } from "@/server/test/smtp-peer";

export const password = "correct horse battery";
export const ORIGIN = { ip: "192.0.2.9", userAgent: "accounts test" };

let smtp: SmtpPeer | undefined;

/** Start an SMTP peer for the calling file and point the service's email at it. */
export function withSmtpPeer(): void {
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    process.env.SMTP_URL = smtp.url;
    process.env.EMAIL_FROM = "SignalGate Test <no-reply@test.signalgate>";
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.EMAIL_FROM;
    resetEnvForTests();
    await smtp?.close();
    smtp = undefined;
  });
}

/** The body is exactly what the OpenAPI schema documents: it parses, and parsing drops nothing. */
export function documented(schema: z.ZodType, body: unknown): void {
  expect(schema.parse(body)).toEqual(body);
}

/** Send this test's due emails through SMTP and return what the peer has for `to`. */
export async function mailbox(to: string, now = new Date()) {
  if (!smtp) throw new Error("mailbox() needs withSmtpPeer() in the test file");
  await sendDueEmails(getDb(), () => now, undefined, { toAddresses: [to] });
  return smtp.to(to);
}

export async function registered(email = uniqueEmail()) {
  const res = await call(register, "/api/v1/auth/register", {
    body: { email, password, name: "Ada", organizationName: "Acme" },
  });
  expect(res.status).toBe(201);
  const json = res.json as { user: { id: string }; organization: { id: string } };
  return { email, userId: json.user.id, organizationId: json.organization.id };
}

export async function login(email: string, pw = password) {
  const res = await call(tokenRoute, "/api/v1/auth/token", {
    body: { email, password: pw },
    headers: { "user-agent": "curl/8.5" },
  });
  expect(res.status).toBe(200);
  return res.json as { accessToken: string; refreshToken: string };
}

export async function auditActions(organizationId: string) {
  return getDb().auditLogEntry.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
}
