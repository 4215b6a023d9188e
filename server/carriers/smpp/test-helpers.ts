/**
 * TEST HELPER, not production: shared setup for the SmppCarrier tests (a loopback SMSC and a
 * carrier bound to it, test messages, polling). Call `afterEach(closeOpened)` in each test file.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countSegments } from "../../../schemas/segments";
import type { OutboundMessage, SubmitResult } from "../types";
import { SmppCarrier, type SmppCarrierOptions, type SmppReceipt } from "./smpp-carrier";
import { TestSmsc, type TestSmscOptions } from "./test-smsc";

// Every test bounds itself (10 s) and closes what it opened in afterEach.
export const TEST_TIMEOUT = 10_000;

let opened: { smsc: TestSmsc[]; carriers: SmppCarrier[] } = { smsc: [], carriers: [] };

/** Stops every carrier and closes every SMSC `setup` opened. */
export async function closeOpened(): Promise<void> {
  for (const carrier of opened.carriers) await carrier.stop();
  for (const smsc of opened.smsc) await smsc.close();
  opened = { smsc: [], carriers: [] };
}

export async function setup(
  carrierOptions: Partial<SmppCarrierOptions> = {},
  smscOptions: TestSmscOptions = {},
): Promise<{ smsc: TestSmsc; carrier: SmppCarrier; receipts: SmppReceipt[] }> {
  const smsc = await TestSmsc.start(smscOptions);
  opened.smsc.push(smsc);
  const receipts: SmppReceipt[] = [];
  const carrier = new SmppCarrier({
    url: smsc.url,
    systemId: "signalgate",
    password: "secret",
    reconnectInitialMs: 50,
    reconnectMaxMs: 200,
    submitTimeoutMs: 2_000,
    onReceipt: (r) => {
      receipts.push(r);
    },
    ...carrierOptions,
  });
  opened.carriers.push(carrier);
  await carrier.start();
  return { smsc, carrier, receipts };
}

let seq = 0;
export function message(body: string, overrides: Partial<OutboundMessage> = {}): OutboundMessage {
  const counted = countSegments(body);
  seq += 1;
  return {
    id: `msg_${String(seq).padStart(8, "0")}`,
    organizationId: "org_x",
    environment: "live",
    to: "+14155550123",
    from: "SignalGate",
    body,
    segments: counted.segments,
    encoding: counted.encoding,
    attempt: 1,
    ...overrides,
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function accepted(r: SubmitResult): string {
  if (r.outcome !== "accepted") throw new Error(`expected accepted, got ${JSON.stringify(r)}`);
  return r.providerMessageId;
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl on the PATH). */
export function selfSignedCert(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "smpp-tls-"));
  try {
    const [key, cert] = [join(dir, "key.pem"), join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key].concat([
        "-out",
        cert,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ]),
      { stdio: "ignore" },
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
