import { z } from "zod";
import {
  fraudBlockListQuery,
  fraudBlockListSchema,
  fraudGuardSettingsSchema,
  fraudGuardUpdateInput,
} from "@/schemas/fraud-guard";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §12. The same options as app/api/v1/developer/fraud-guard/**/route.ts pass to apiRoute().
const HOW =
  "Per organization and environment, OTP sends are watched by destination prefix (the E.164 number without its " +
  "last 4 digits). A prefix with at least `minSends` OTP sends in the last hour and a verify conversion below " +
  "`minConversion` is blocked for 12 hours (`standard`: 10 sends, 20 %; `strict`: 5 sends, 40 %; `off`: never). " +
  "Over all prefixes, a destination country is blocked the same way at three times the sends (`standard`: 30, " +
  "`strict`: 15), so pumping spread over neighbouring prefixes is caught too (a block with `scope` `country`). " +
  "While blocked, `POST /api/v1/otp/send` to it answers 403 `suspected_fraud`, and nothing is sent or billed. " +
  "Numbers and prefixes on the safe list are never blocked. Each block records the figures that caused it and " +
  "sends the `fraud.prefix_blocked` event.";

export const fraudGuardPaths: PathModule = {
  tag: {
    name: "Fraud guard",
    description: `Protection of the OTP endpoint against SMS pumping (toll fraud). ${HOW}`,
  },
  paths: {
    "/api/v1/developer/fraud-guard": {
      get: operation({
        auth: "jwt",
        allow: "fraudGuard.read",
        operationId: "getFraudGuard",
        summary: "Get the fraud guard settings",
        description: `The level (default \`standard\`) and the safe list. ${HOW}`,
        success: { status: 200, description: "The settings.", schema: fraudGuardSettingsSchema },
      }),
      patch: operation({
        auth: "jwt",
        allow: "fraudGuard.manage",
        body: fraudGuardUpdateInput,
        bodyExample: { level: "strict", safeList: ["+4477009"] },
        operationId: "updateFraudGuard",
        summary: "Change the fraud guard settings",
        description:
          "Any of `level` and `safeList` (the whole list, replacing the old one: E.164 numbers or prefixes, `+` and " +
          "1 to 14 digits, at most 500). Recorded in the audit log.",
        success: { status: 200, description: "The settings now.", schema: fraudGuardSettingsSchema },
      }),
    },
    "/api/v1/developer/fraud-guard/blocks": {
      get: operation({
        auth: "jwt",
        allow: "fraudGuard.read",
        query: fraudBlockListQuery,
        operationId: "listFraudBlocks",
        summary: "List blocked prefixes",
        description:
          "Active and past blocks, newest first, each with the figures that caused it (`sends`, `verified` in " +
          "the hour before the block) and a `reason` in words. `status=active` lists only blocks in force.",
        success: { status: 200, description: "The blocks.", schema: fraudBlockListSchema },
      }),
    },
    "/api/v1/developer/fraud-guard/blocks/{prefix}": {
      delete: operation({
        auth: "jwt",
        allow: "fraudGuard.manage",
        params: z.object({
          prefix: z.string().meta({
            description: "The blocked prefix, URL-encoded (`%2B1212736`), or the country of a `country` block (`US`).",
            example: "%2B1212736",
          }),
        }),
        operationId: "unblockFraudPrefix",
        summary: "Unblock a prefix",
        description:
          "Lifts the prefix's active blocks at once and restarts its counts, so the next sends are judged afresh. " +
          "A country (`US`) lifts its country-wide block and restarts the country's counts. " +
          "404 `not_found` when the prefix is not blocked. Recorded in the audit log.",
        success: { status: 204, description: "Unblocked." },
        errors: ["not_found"],
      }),
    },
  },
};
