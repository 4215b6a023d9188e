import {
  countryParamSchema,
  countryPriceSchema,
  smsPriceListResponse,
  smsQuoteInput,
  smsQuoteResponse,
} from "@/schemas/pricing";
import { operation } from "../operation";
import type { PathModule } from "./types";

const MONEY =
  'Amounts are decimal strings with exactly four places in `currency` (USD), e.g. `"0.0079"`, never JSON ' +
  "numbers; they are computed in integer units, so a total always equals the sum of its parts.";

export const pricingPaths: PathModule = {
  tag: {
    name: "Pricing",
    description:
      "What SMS cost: a price per outbound segment per destination country. Live (`sg_live_…`) messages are " +
      "billed `segments × pricePerSegment` at acceptance; sandbox messages cost nothing; inbound messages are " +
      "not billed. " +
      MONEY,
  },
  paths: {
    "/api/v1/pricing/sms": {
      get: operation({
        auth: "any",
        operationId: "listSmsPrices",
        summary: "List SMS prices",
        description:
          "The price per outbound segment to every country, A to Z by ISO 3166-1 alpha-2 code. Countries " +
          "without a price of their own take the price list's default.",
        success: { status: 200, description: "Every country's price per segment.", schema: smsPriceListResponse },
      }),
    },
    "/api/v1/pricing/sms/{country}": {
      get: operation({
        auth: "any",
        params: countryParamSchema,
        operationId: "getSmsPrice",
        summary: "Get one country's SMS price",
        description: "A code that is not an ISO 3166-1 alpha-2 country answers 404 `not_found`.",
        success: { status: 200, description: "The country's price per segment.", schema: countryPriceSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/sms/quote": {
      post: operation({
        auth: "apiKey",
        scope: "sms.send",
        body: smsQuoteInput,
        bodyExample: { to: "+14155550123", body: "Your order has shipped" },
        operationId: "quoteSms",
        summary: "Quote an SMS",
        description:
          "What this message would cost sent live: its segments (GSM 03.38, as `POST /api/v1/sms/send` counts " +
          "them) × the recipient country's price per segment. Nothing is sent, stored or counted; sandbox keys " +
          "get the live price too. " +
          MONEY,
        success: { status: 200, description: "The price of the message.", schema: smsQuoteResponse },
        errors: ["invalid_phone_number"],
      }),
    },
  },
};
