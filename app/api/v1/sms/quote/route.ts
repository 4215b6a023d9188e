import { apiRoute } from "@/server/http/api-route";
import { quoteSms } from "@/server/billing/quote";
import { smsQuoteInput } from "@/schemas/pricing";

export const POST = apiRoute({ auth: "apiKey", scope: "sms.send", body: smsQuoteInput }, async ({ body }) =>
  quoteSms(body),
);
