import { receiveTwilioInbound } from "@/server/inbound/twilio-webhook";
import { apiRoute } from "@/server/http/api-route";

// Twilio's incoming-message webhook: authenticated by X-Twilio-Signature (checked in the handler,
// before the body is interpreted), not by our keys; answers an empty TwiML <Response/>.
export const POST = apiRoute({ auth: "none", rateLimit: false, ownBody: true }, ({ req }) => receiveTwilioInbound(req));
