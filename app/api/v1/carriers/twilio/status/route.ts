import { receiveTwilioCallback } from "@/server/carriers/twilio/receive-callback";
import { apiRoute } from "@/server/http/api-route";

// Twilio's status callbacks: authenticated by X-Twilio-Signature (checked in the handler, before
// the body is interpreted), not by our keys; 204 once the receipt is stored.
export const POST = apiRoute({ auth: "none", rateLimit: false, ownBody: true }, ({ req }) =>
  receiveTwilioCallback(req),
);
