// Receiver code for the Standard Webhooks headers (contract §12), shown on the webhook pages. The
// signature covers the event id, the timestamp and the raw body, so a receiver that also checks
// the timestamp refuses a captured delivery replayed later.

export const STANDARD_TYPESCRIPT_SAMPLE = `import { Webhook } from "standardwebhooks"; // npm install standardwebhooks

// The signing secret exactly as shown (whsec_…). A secret of your own that is not whsec_<base64>:
// new Webhook(Buffer.from(secret, "utf8").toString("base64")).
const wh = new Webhook(process.env.SIGNALGATE_WEBHOOK_SECRET!);

// For example in a Next.js route handler (app/api/webhooks/signalgate/route.ts):
export async function POST(request: Request) {
  const rawBody = await request.text(); // the body exactly as received, before any JSON parsing
  let event: { id: string; event: string; payload: unknown };
  try {
    // Checks webhook-signature over "{webhook-id}.{webhook-timestamp}.{body}" and refuses
    // timestamps more than 5 minutes from now (a replayed delivery).
    event = wh.verify(rawBody, Object.fromEntries(request.headers)) as typeof event;
  } catch {
    return new Response("Invalid signature", { status: 401 });
  }
  // event.id (= webhook-id) is the same on every retry of an event: use it to ignore duplicates.
  console.log(event.event, event.payload);
  return new Response(null, { status: 204 });
}

// Or with the SignalGate SDK, which verifies either scheme:
//   import { constructEvent } from "signalgate";
//   const event = constructEvent(rawBody, request.headers, process.env.SIGNALGATE_WEBHOOK_SECRET!);
`;

export const STANDARD_PYTHON_SAMPLE = `import os

from flask import Flask, abort, request
from standardwebhooks.webhooks import Webhook, WebhookVerificationError  # pip install standardwebhooks

app = Flask(__name__)
# The signing secret exactly as shown (whsec_...). A secret of your own that is not whsec_<base64>:
# Webhook(base64.b64encode(secret.encode("utf-8")).decode()).
wh = Webhook(os.environ["SIGNALGATE_WEBHOOK_SECRET"])


@app.post("/webhooks/signalgate")
def signalgate_webhook():
    raw_body = request.get_data()
    try:
        # Checks webhook-signature over "{webhook-id}.{webhook-timestamp}.{body}" and refuses
        # timestamps more than 5 minutes from now (a replayed delivery).
        event = wh.verify(raw_body, dict(request.headers))
    except WebhookVerificationError:
        abort(401)
    # event["id"] (= webhook-id) is the same on every retry of an event: use it to ignore duplicates.
    print(event["event"], event["payload"])
    return "", 204
`;
