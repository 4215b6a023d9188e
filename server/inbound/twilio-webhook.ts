import { getDb } from "../db/client";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { readFormBody } from "../http/read-body";
import { receiveInboundMessage } from "./receive-inbound";
import { verifyTwilioSignature } from "../carriers/twilio/signature";
import { TWILIO_PROVIDER } from "../carriers/twilio/twilio-carrier";

/** An empty TwiML document: we answer nothing through Twilio (replies go through the pipeline). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

function twiml(): Response {
  return new Response(EMPTY_TWIML, { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } });
}

/**
 * POST /api/v1/carriers/twilio/inbound: Twilio's incoming-message webhook (contract §10). The
 * signature is checked first, over the public URL and every form parameter; a missing or wrong one
 * is 403 and nothing in the request is interpreted. A signed message is stored for the
 * organization that owns `To` (with keywords handled) and answered with an empty TwiML
 * `<Response/>`. Twilio retries a webhook that failed: the MessageSid is stored with the message,
 * so a second delivery of the same one is answered the same and stored once. A message to a number
 * no organization owns is logged and dropped, and answered the same (Twilio has nothing to retry).
 */
export async function receiveTwilioInbound(req: Request): Promise<Response> {
  const env = getEnv();
  if (!env.SMS_PROVIDER.includes("twilio") || !env.TWILIO_AUTH_TOKEN || !env.PUBLIC_BASE_URL) {
    throw new AppError("not_found", "Twilio is not configured on this service.");
  }
  const params = await readFormBody(req);
  const requested = new URL(req.url);
  const url = `${env.PUBLIC_BASE_URL}${requested.pathname}${requested.search}`;
  if (!verifyTwilioSignature(env.TWILIO_AUTH_TOKEN, url, params, req.headers.get("x-twilio-signature"))) {
    throw new AppError("forbidden", "The X-Twilio-Signature header does not match.");
  }
  const { MessageSid: sid, From: from, To: to } = params;
  if (!sid || !from || !to) throw new AppError("invalid_request", "MessageSid, From and To are required.");
  await receiveInboundMessage(getDb(), {
    from,
    to,
    body: params.Body ?? "",
    environment: "live",
    provider: TWILIO_PROVIDER,
    providerMessageId: sid,
  });
  return twiml();
}
