import { verifyTwilioSignature } from "./signature";

/**
 * Twilio message status callbacks (the `StatusCallback` URL the carrier sends with each message):
 * a pure function from the request as received to what it means for our message, for the route
 * that the "Real carriers" issue will add. No database, no I/O.
 *
 * Order matters: the signature is checked FIRST, over the URL and every form parameter, and a
 * missing or wrong signature answers 403 without interpreting anything in the request.
 *
 * Replays are harmless by design: Twilio retries callbacks, and anyone who captured one can send
 * it again (the signature has no timestamp or nonce). The same callback always maps to the same
 * update, and the message lifecycle applies a transition only from the expected previous status
 * (SENT → DELIVERED/UNDELIVERED, see applyReceipts), so a second copy changes nothing. Callbacks
 * also arrive out of order (`sent` after `delivered`); the same fencing makes the late one a no-op.
 */

/** Query parameter the carrier adds to StatusCallback: our message id, covered by the signature. */
export const MESSAGE_ID_PARAM = "sg_message_id";

export type TwilioStatusUpdate =
  /** Twilio still holds or has just sent the message (queued, sending, sent): our SENT. */
  | { kind: "sent"; providerMessageId: string; messageId?: string; twilioStatus: string }
  /** A final outcome from the network. */
  | {
      kind: "receipt";
      providerMessageId: string;
      messageId?: string;
      twilioStatus: string;
      status: "DELIVERED" | "UNDELIVERED" | "FAILED";
      errorCode?: string;
      errorMessage?: string;
    }
  /** A status we do not act on (accepted, scheduled, canceled, read, future ones): answer 200, change nothing. */
  | { kind: "ignored"; providerMessageId: string; messageId?: string; twilioStatus: string };

export type TwilioStatusCallbackResult =
  | { ok: true; status: 200; update: TwilioStatusUpdate }
  /** Missing or wrong X-Twilio-Signature: nothing in the request was interpreted. */
  | { ok: false; status: 403 }
  /** Correctly signed but missing MessageSid or MessageStatus. */
  | { ok: false; status: 400; error: string };

export interface TwilioStatusCallbackRequest {
  /** Our auth token (the HMAC key). */
  authToken: string;
  /**
   * The full URL Twilio requested, as Twilio saw it: public scheme and host (PUBLIC_BASE_URL, not
   * the address behind a proxy), path and the query string unchanged.
   */
  url: string;
  /** Every form parameter of the POST body (application/x-www-form-urlencoded), decoded. */
  params: Readonly<Record<string, string>>;
  /** The X-Twilio-Signature header, if any. */
  signature: string | null | undefined;
}

/** Twilio error codes seen on message status callbacks, for readable error messages. */
const TWILIO_ERRORS: Readonly<Record<string, string>> = {
  "30001": "Queue overflow",
  "30002": "Account suspended",
  "30003": "Unreachable destination handset",
  "30004": "Message blocked",
  "30005": "Unknown destination handset",
  "30006": "Landline or unreachable carrier",
  "30007": "Message filtered by the carrier",
  "30008": "Unknown error",
  "30032": "Toll-free number has not been verified",
  "30034": "Message from an unregistered 10DLC number",
};

const SENT_STATUSES = new Set(["queued", "sending", "sent"]);
const FINAL_STATUSES: Readonly<Record<string, "DELIVERED" | "UNDELIVERED" | "FAILED">> = {
  delivered: "DELIVERED",
  undelivered: "UNDELIVERED",
  failed: "FAILED",
};

export function handleTwilioStatusCallback(request: TwilioStatusCallbackRequest): TwilioStatusCallbackResult {
  // 1. Authenticity before anything else.
  if (!verifyTwilioSignature(request.authToken, request.url, request.params, request.signature)) {
    return { ok: false, status: 403 };
  }

  // 2. Only now read what the callback says.
  const { params } = request;
  const providerMessageId = params.MessageSid || params.SmsSid;
  const twilioStatus = (params.MessageStatus || params.SmsStatus || "").toLowerCase();
  if (!providerMessageId || !twilioStatus) {
    return { ok: false, status: 400, error: "The callback has no MessageSid or MessageStatus." };
  }
  const messageId = messageIdFromUrl(request.url);
  const ids = messageId ? { providerMessageId, messageId } : { providerMessageId };

  if (SENT_STATUSES.has(twilioStatus)) return { ok: true, status: 200, update: { kind: "sent", ...ids, twilioStatus } };

  const status = FINAL_STATUSES[twilioStatus];
  if (!status) return { ok: true, status: 200, update: { kind: "ignored", ...ids, twilioStatus } };
  if (status === "DELIVERED") {
    return { ok: true, status: 200, update: { kind: "receipt", ...ids, twilioStatus, status } };
  }
  const code = (params.ErrorCode ?? "").trim();
  const description = params.ErrorMessage?.trim() || (code ? TWILIO_ERRORS[code] : undefined);
  return {
    ok: true,
    status: 200,
    update: {
      kind: "receipt",
      ...ids,
      twilioStatus,
      status,
      errorCode: code ? `twilio_${code}` : `twilio_${twilioStatus}`,
      errorMessage: code
        ? `Twilio ${code}: ${description ?? `the message is ${twilioStatus}`}`
        : `Twilio reported the message ${twilioStatus} without an error code.`,
    },
  };
}

/** Our message id, when the carrier put it in the StatusCallback query (it is signed with the URL). */
function messageIdFromUrl(url: string): string | undefined {
  try {
    return new URL(url).searchParams.get(MESSAGE_ID_PARAM) || undefined;
  } catch {
    return undefined;
  }
}
