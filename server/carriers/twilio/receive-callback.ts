import { getEnv } from "../../env";
import { AppError } from "../../errors";
import { readFormBody } from "../../http/read-body";
import { recordCarrierReceipts } from "../../messages/carrier-receipts/record";
import { handleTwilioStatusCallback } from "./status-callback";
import { TWILIO_PROVIDER } from "./twilio-carrier";

/**
 * POST /api/v1/carriers/twilio/status: a Twilio status callback. The signature is checked over the
 * URL Twilio requested (PUBLIC_BASE_URL, not the address behind a proxy) and every form parameter
 * before anything in it is interpreted; a bad one is 403 and changes nothing. A final status is
 * stored as a carrier receipt and applied to its message (fenced on SENT, so replays and late
 * duplicates change nothing); queued/sending/sent change nothing (the hand-off recorded SENT).
 */
export async function receiveTwilioCallback(req: Request): Promise<void> {
  const env = getEnv();
  if (!env.SMS_PROVIDER.includes("twilio") || !env.TWILIO_AUTH_TOKEN || !env.PUBLIC_BASE_URL) {
    throw new AppError("not_found", "Twilio is not configured on this service.");
  }
  const params = await readFormBody(req);
  const requested = new URL(req.url);
  const result = handleTwilioStatusCallback({
    authToken: env.TWILIO_AUTH_TOKEN,
    url: `${env.PUBLIC_BASE_URL}${requested.pathname}${requested.search}`,
    params,
    signature: req.headers.get("x-twilio-signature"),
  });
  if (!result.ok) {
    if (result.status === 403) throw new AppError("forbidden", "The X-Twilio-Signature header does not match.");
    throw new AppError("invalid_request", result.error);
  }
  const { update } = result;
  if (update.kind !== "receipt") return;
  await recordCarrierReceipts([
    {
      provider: TWILIO_PROVIDER,
      providerMessageId: update.providerMessageId,
      messageId: update.messageId,
      // Twilio names the handset in To: a receipt never applies to a message to another number.
      handset: params.To,
      status: update.status,
      errorCode: update.errorCode,
      errorMessage: update.errorMessage,
    },
  ]);
}
