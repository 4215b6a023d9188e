import { rateLimitConfigSchema, updateRateLimitsInput } from "@/schemas/rate-limits";
import { operation } from "../operation";
import type { PathModule } from "./types";

export const rateLimitsPaths: PathModule = {
  tag: {
    name: "Rate limits",
    description:
      "Rolling-window limits. Each endpoint has a per-minute category limit (`sms.send` 100, `sms.bulk` 10, " +
      "`otp.send` 30, `otp.verify` 50, the others 60) and the organization's caps (default 100 per minute, " +
      "3000 per hour, 30000 per day) apply to all of its API traffic together; the most restrictive answers. " +
      "`X-RateLimit-*` headers describe that window, and a 429 carries `Retry-After`.",
  },
  paths: {
    "/api/v1/developer/rate-limits": {
      get: operation({
        auth: "jwt",
        allow: "rateLimits.read",
        rateLimit: "rateLimits",
        operationId: "getRateLimits",
        summary: "Get the organization's rate limits",
        description: "The organization caps, whether limiting is enabled, and the usage counted in each window.",
        success: { status: 200, description: "The configuration and current usage.", schema: rateLimitConfigSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        auth: "jwt",
        allow: "rateLimits.manage",
        rateLimit: "rateLimits",
        body: updateRateLimitsInput,
        bodyExample: { perMinute: 200 },
        operationId: "updateRateLimits",
        summary: "Change the organization's rate limits",
        description:
          "Any subset of `perMinute`, `perHour`, `perDay` (positive integers) and `enabled`. The result must keep " +
          "perMinute <= perHour <= perDay, else 400 `invalid_request` naming the field. `enabled: false` lifts " +
          "the organization caps and the category limits.",
        success: { status: 200, description: "The configuration after the change.", schema: rateLimitConfigSchema },
        errors: ["not_found"],
      }),
    },
  },
};
