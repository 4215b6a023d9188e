// Receiver code shown on the Webhooks page. Both check the HMAC over the raw body bytes (parsing
// and re-serializing the JSON would change them) and compare in constant time.

export const TYPESCRIPT_SAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

/** rawBody: the request body bytes exactly as received, before any JSON parsing. */
export function verifySignalGateSignature(rawBody: Buffer, header: string | null, secret: string): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  const received = Buffer.from(header.slice("sha256=".length), "hex");
  return received.length === expected.length && timingSafeEqual(received, expected);
}

// For example in a Next.js route handler (app/api/webhooks/signalgate/route.ts):
export async function POST(request: Request) {
  const rawBody = Buffer.from(await request.arrayBuffer());
  const signature = request.headers.get("x-webhook-signature");
  if (!verifySignalGateSignature(rawBody, signature, process.env.SIGNALGATE_WEBHOOK_SECRET!)) {
    return new Response("Invalid signature", { status: 401 });
  }
  const event = JSON.parse(rawBody.toString("utf8"));
  // event.id is the same on every retry of an event: use it to ignore duplicates.
  console.log(event.event, event.payload);
  return new Response(null, { status: 204 });
}
`;

export const PYTHON_SAMPLE = `import hashlib
import hmac
import os

from flask import Flask, abort, request

app = Flask(__name__)


def verify_signalgate_signature(raw_body: bytes, header: str | None, secret: str) -> bool:
    """raw_body: the request body bytes exactly as received, before any JSON parsing."""
    if not header or not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(header[len("sha256="):], expected)


@app.post("/webhooks/signalgate")
def signalgate_webhook():
    raw_body = request.get_data()
    signature = request.headers.get("X-Webhook-Signature")
    if not verify_signalgate_signature(raw_body, signature, os.environ["SIGNALGATE_WEBHOOK_SECRET"]):
        abort(401)
    event = request.get_json()
    # event["id"] is the same on every retry of an event: use it to ignore duplicates.
    print(event["event"], event["payload"])
    return "", 204
`;
