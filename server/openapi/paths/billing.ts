import { billingResponse, updateBillingInput } from "@/schemas/billing";
import { operation } from "../operation";
import type { PathModule } from "./types";

export const billingPaths: PathModule = {
  tag: {
    name: "Billing",
    description:
      "Spend controls for live (`sg_live_…`) messages: a monthly spend limit per UTC calendar month, alert " +
      "thresholds that raise `billing.threshold_reached`, and the countries messages may go to (sandbox and " +
      "live). Amounts are decimal strings with exactly four places, in USD.",
  },
  paths: {
    "/api/v1/developer/billing": {
      get: operation({
        auth: "jwt",
        allow: "billing.read",
        operationId: "getBilling",
        summary: "Get billing settings and month-to-date spend",
        description:
          "The spend limit (`null`: none), the alert thresholds in percent of the limit, the allowed countries " +
          "(`null`: all), the current period and the live spend, messages and segments accepted in it (FAILED " +
          "messages are not billed).",
        success: { status: 200, description: "Settings and month-to-date spend.", schema: billingResponse },
        errors: ["not_found"],
      }),
      patch: operation({
        auth: "jwt",
        allow: "billing.manage",
        body: updateBillingInput,
        operationId: "updateBilling",
        summary: "Change billing settings",
        description:
          'Any subset of `monthlySpendLimit` (a four-place amount such as `"250.0000"`, or `null` to remove ' +
          "it), `alertThresholds` (1 to 5 distinct integers from 1 to 100) and `allowedCountries` (distinct ISO " +
          "3166-1 alpha-2 codes, or `null` for every country). Each change is written to the audit log.",
        success: { status: 200, description: "Settings after the change.", schema: billingResponse },
        errors: ["not_found"],
      }),
    },
  },
};
