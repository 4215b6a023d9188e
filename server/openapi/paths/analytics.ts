import {
  messageAnalyticsQuery,
  messageAnalyticsResponse,
  otpAnalyticsQuery,
  otpAnalyticsResponse,
} from "@/schemas/analytics";
import { operation } from "../operation";
import type { PathModule } from "./types";

const RANGE =
  "Buckets are UTC hours or days (`granularity`, default `day`) by creation time; `from` is inclusive and `to` " +
  "exclusive (ISO 8601 dates or times; defaults: the last 7 days by day, the last 24 hours by hour). At most 400 " +
  "days by day and 7 days by hour, else 400 `invalid_request`. The key's environment is the one counted.";

export const analyticsPaths: PathModule = {
  tag: {
    name: "Analytics",
    description:
      "Volumes, delivery rates, time to deliver and the OTP funnel, answered from hourly aggregates kept in the " +
      "same transactions as the messages' transitions: as fast at millions of messages as at ten, and unchanged " +
      "when retention deletes old messages. Needs an API key with `analytics.read`.",
  },
  paths: {
    "/api/v1/analytics/messages": {
      get: operation({
        auth: "apiKey",
        scope: "analytics.read",
        rateLimit: "analytics",
        query: messageAnalyticsQuery,
        operationId: "getMessageAnalytics",
        summary: "Message analytics",
        description:
          "Outbound messages per bucket: `sent` (accepted), `delivered`, `undelivered`, `failed`, `segments`, " +
          "`price` (live spend; FAILED messages are not billed), `deliveryRate` = delivered ÷ (delivered + " +
          "undelivered + failed) (null while none is final) and `timeToDeliver` p50/p95 in milliseconds (from " +
          "a log-spaced histogram, within ±19 %). `country` narrows to one country; `groupBy=country` gives one " +
          "series per country. " +
          RANGE,
        success: { status: 200, description: "The series and their totals.", schema: messageAnalyticsResponse },
      }),
    },
    "/api/v1/analytics/otp": {
      get: operation({
        auth: "apiKey",
        scope: "analytics.read",
        rateLimit: "analytics",
        query: otpAnalyticsQuery,
        operationId: "getOtpAnalytics",
        summary: "OTP analytics",
        description:
          "One-time codes per bucket of their creation: `sent`, `verified`, `expired` (by time or attempts) and " +
          "`conversionRate` = verified ÷ sent (null when none was sent). " +
          RANGE,
        success: { status: 200, description: "The funnel per bucket and its totals.", schema: otpAnalyticsResponse },
      }),
    },
  },
};
