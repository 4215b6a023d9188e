// Shared set-up for the Twilio carrier tests (not a test file itself): credentials, a message
// factory, and a fresh test Twilio server per test, closed afterwards with anything in toClose.
import { afterEach, beforeEach, expect } from "vitest";
import type { OutboundMessage, SubmitResult } from "../types";
import { startTestTwilioServer, type TestTwilioServer } from "./test-twilio-server";
import { TwilioCarrier, type TwilioCarrierOptions } from "./twilio-carrier";

export const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
export const AUTH_TOKEN = "test-auth-token-0123456789abcdef";
export const TO = "+14155550123";

let seq = 0;
export function message(to: string = TO, body = "Your code is 123456"): OutboundMessage {
  seq++;
  return {
    id: `msg_${String(seq).padStart(8, "0")}abcdefghijklmnop`,
    organizationId: "org_x",
    environment: "live",
    to,
    from: "+15005550006",
    body,
    segments: 1,
    encoding: "GSM-7",
    attempt: 1,
  };
}

/** The current test's Twilio server (a live binding, replaced before each test by setupTestTwilio). */
export let twilio: TestTwilioServer;
/** Closers run (last first) after each test. */
export const toClose: (() => Promise<void>)[] = [];

/** Registers the per-test hooks: start a test Twilio server before each test, close everything after. */
export function setupTestTwilio(): void {
  beforeEach(async () => {
    twilio = await startTestTwilioServer({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    toClose.push(() => twilio.close());
  });

  afterEach(async () => {
    while (toClose.length) await toClose.pop()!();
  });
}

export function carrier(options: Partial<TwilioCarrierOptions> = {}): TwilioCarrier {
  return new TwilioCarrier({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    baseUrl: twilio.baseUrl,
    statusCallbackUrl: "https://signalgate.example/api/carriers/twilio/status",
    backoffBaseMs: 10,
    ...options,
  });
}

export async function submitOne(c: TwilioCarrier, m: OutboundMessage): Promise<SubmitResult> {
  const results = await c.submit([m]);
  expect(results).toHaveLength(1);
  return results[0]!;
}
