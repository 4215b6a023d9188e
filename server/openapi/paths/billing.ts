import { z } from "zod";
import { billingResponse, updateBillingInput } from "@/schemas/billing";
import { periodParam, statementSchema, statementSummarySchema, usageQuery, usageResponse } from "@/schemas/usage";
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
        bodyExample: { monthlySpendLimit: "250.0000", alertThresholds: [50, 80, 100] },
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
    "/api/v1/developer/usage": {
      get: operation({
        auth: "jwt",
        allow: "billing.read",
        query: usageQuery,
        operationId: "getUsage",
        summary: "Usage by day or country",
        description:
          "Outbound messages by acceptance day (UTC) or by country: messages, segments and price, FAILED messages " +
          "excluded (they are not billed). `from` and `to` are days, both inclusive (default: the current month), " +
          "at most 400 days; `environment` `live` (default) or `test` (sandbox: price 0). Answered from hourly " +
          "aggregates, so it stays exact after retention deletes old messages.",
        success: { status: 200, description: "Rows and their total.", schema: usageResponse },
      }),
    },
    "/api/v1/developer/billing/statements": {
      get: operation({
        auth: "jwt",
        allow: "billing.read",
        operationId: "listStatements",
        summary: "List monthly statements",
        description:
          "The open month and every closed month with live messages, newest first. A closed month's statement is " +
          "fixed at its first read after the month ended and never changes afterwards.",
        success: { status: 200, description: "The statements.", schema: z.array(statementSummarySchema) },
      }),
    },
    "/api/v1/developer/billing/statements/{period}": {
      get: operation({
        auth: "jwt",
        allow: "billing.read",
        params: periodParam,
        operationId: "getStatement",
        summary: "Get a monthly statement",
        description:
          "One line per country and price per segment: messages, segments and amount (= segments × price), and " +
          "the total (= the sum of the lines). With `Accept: text/csv` the same lines as CSV, header " +
          "`country,price_per_segment,messages,segments,amount`. A future month, or a closed one without live " +
          "messages, answers 404 `not_found`.",
        success: { status: 200, description: "The statement.", schema: statementSchema },
        errors: ["not_found"],
      }),
    },
  },
};
