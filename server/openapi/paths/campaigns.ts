import { z } from "zod";
import {
  campaignPreviewSchema,
  campaignRecipientSchema,
  campaignSchema,
  createCampaignInput,
  listCampaignsQuery,
  listRecipientsQuery,
  previewCampaignInput,
  testCampaignInput,
  updateCampaignInput,
} from "@/schemas/campaigns";
import { sendSmsResponse } from "@/schemas/messages";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";

// contract §11. The same options as app/api/v1/campaigns/**/route.ts passes to apiRoute().
const read = { auth: "any", scope: "campaigns.manage", allow: "campaigns.read" } as const;
const manage = { auth: "any", scope: "campaigns.manage", allow: "campaigns.manage" } as const;

const idParams = z.object({
  id: z.string().meta({ description: "The campaign's id (`cmp_…`).", example: "cmp_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

const cursorDoc = {
  description:
    "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged. A cursor this list did not issue " +
    "answers 400 `invalid_request`.",
};

const transition = (operationId: string, summary: string, description: string) =>
  operation({
    ...manage,
    operationId,
    summary,
    description,
    params: idParams,
    success: { status: 200, description: "The campaign after the change.", schema: campaignSchema },
    errors: ["not_found", "campaign_not_editable"],
  });

export const campaignsPaths: PathModule = {
  tag: {
    name: "Campaigns",
    description:
      "Marketing sends to an audience of contacts (by tags), with merge fields and fallbacks, an opt-out footer, " +
      "a send window in each recipient's local time, a throttle and a frequency cap. An API key (`campaigns.manage`) " +
      "works on its own environment's campaigns; a member's access token sees both (owner, admin and developer " +
      "manage, support reads). Events: `campaign.started`, `campaign.paused`, `campaign.completed`, " +
      "`campaign.canceled` with `{ campaignId, status, stats }`.",
  },
  paths: {
    "/api/v1/campaigns": {
      get: operation({
        ...read,
        operationId: "listCampaigns",
        summary: "List campaigns",
        description:
          "Newest first. When more follow, the `X-Next-Cursor` response header holds the next page's `cursor`.",
        query: z.strictObject({
          limit: listCampaignsQuery.shape.limit.meta({ description: "Page size, 1 to 100 (default 25).", example: 25 }),
          cursor: listCampaignsQuery.shape.cursor.meta(cursorDoc),
          status: listCampaignsQuery.shape.status.meta({ description: "Only campaigns in this status." }),
        }),
        success: {
          status: 200,
          description: "One page of campaigns.",
          schema: z.array(campaignSchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
      }),
      post: operation({
        ...manage,
        operationId: "createCampaign",
        summary: "Create a campaign",
        description:
          "A DRAFT. The template is checked (an unknown variable answers 400 `invalid_request`, details path " +
          "`template`) and the estimate computed. `scheduledAt` follows the `sendAt` window (60 s to 35 days ahead, else " +
          "400 `invalid_send_at`). With an API key the campaign is in the key's environment; with an access token " +
          "`environment` chooses (default `test`).",
        body: createCampaignInput,
        bodyExample: {
          name: "Winter sale",
          audience: { tags: ["vip"] },
          template: "Hi {{firstName|there}}, 20% off today: https://acme.example/sale",
          environment: "test",
        },
        success: { status: 201, description: "The campaign.", schema: campaignSchema },
        errors: ["invalid_send_at"],
      }),
    },
    "/api/v1/campaigns/{id}": {
      get: operation({
        ...read,
        operationId: "getCampaign",
        summary: "Get a campaign",
        description: "With its `stats`, read from aggregates kept with every message transition.",
        params: idParams,
        success: { status: 200, description: "The campaign.", schema: campaignSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...manage,
        operationId: "updateCampaign",
        summary: "Update a campaign",
        description:
          "Only in DRAFT or SCHEDULED, else 409 `campaign_not_editable`. The given fields change; the estimate is " +
          "recomputed. Clearing `scheduledAt` of a SCHEDULED campaign puts it back in DRAFT.",
        params: idParams,
        body: updateCampaignInput,
        bodyExample: { name: "Winter sale (final)", throttlePerMinute: 600 },
        success: { status: 200, description: "The campaign.", schema: campaignSchema },
        errors: ["not_found", "campaign_not_editable", "invalid_send_at"],
      }),
      delete: operation({
        ...manage,
        operationId: "deleteCampaign",
        summary: "Delete a campaign",
        description: "Only in DRAFT or SCHEDULED, else 409 `campaign_not_editable`.",
        params: idParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found", "campaign_not_editable"],
      }),
    },
    "/api/v1/campaigns/{id}/preview": {
      post: operation({
        ...read,
        operationId: "previewCampaign",
        summary: "Preview a campaign's text",
        description:
          "The text as it will be sent to `contactId` (or with the fallbacks), with the opt-out text, its segments, " +
          "encoding and price. A contact the template cannot be filled for answers 400 `invalid_request` (it would be " +
          "skipped as `invalid_template`).",
        params: idParams,
        body: previewCampaignInput,
        bodyExample: {},
        success: { status: 200, description: "The preview.", schema: campaignPreviewSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/campaigns/{id}/test": {
      post: operation({
        ...manage,
        rateLimit: "sms.send",
        operationId: "testCampaign",
        summary: "Send a test message",
        description:
          "One message to `to`, rendered for `contactId` or with the fallbacks, through the ordinary send (opt-outs, " +
          "allowed countries, spend limit). Not a recipient: not in the stats, not in the frequency cap.",
        params: idParams,
        body: testCampaignInput,
        bodyExample: { to: "+14155550123" },
        success: { status: 202, description: "The message.", schema: sendSmsResponse },
        errors: [
          "not_found",
          "invalid_phone_number",
          "recipient_opted_out",
          "country_not_allowed",
          "spending_limit_reached",
          "provider_not_configured",
        ],
      }),
    },
    "/api/v1/campaigns/{id}/launch": {
      post: transition(
        "launchCampaign",
        "Launch a campaign",
        "A DRAFT becomes SCHEDULED (its `scheduledAt` is ahead) or RUNNING. The answer comes at once; the audience is " +
          "fixed when it starts running and expanded in the background.",
      ),
    },
    "/api/v1/campaigns/{id}/pause": {
      post: transition(
        "pauseCampaign",
        "Pause a campaign",
        "A RUNNING campaign stops: no message of it is accepted once this answers. `pausedReason: manual`.",
      ),
    },
    "/api/v1/campaigns/{id}/resume": {
      post: transition(
        "resumeCampaign",
        "Resume a campaign",
        "A PAUSED campaign (by hand, by the spend limit, or set aside after an internal error once its cause is " +
          "fixed) runs again from where it stopped; no recipient is texted twice.",
      ),
    },
    "/api/v1/campaigns/{id}/cancel": {
      post: transition(
        "cancelCampaign",
        "Cancel a campaign",
        "Recipients still waiting are never texted (status CANCELED); messages already accepted go on.",
      ),
    },
    "/api/v1/campaigns/{id}/recipients": {
      get: operation({
        ...read,
        operationId: "listCampaignRecipients",
        summary: "List a campaign's recipients",
        description:
          "In contact order; skipped recipients carry `skippedReason` (`opted_out`, `country_not_allowed`, " +
          "`frequency_cap`, `invalid_template`, `contact_deleted`). When more follow, `X-Next-Cursor` holds the next " +
          "page's `cursor`.",
        params: idParams,
        query: z.strictObject({
          limit: listRecipientsQuery.shape.limit.meta({
            description: "Page size, 1 to 100 (default 50).",
            example: 50,
          }),
          cursor: listRecipientsQuery.shape.cursor.meta(cursorDoc),
          status: listRecipientsQuery.shape.status,
        }),
        success: {
          status: 200,
          description: "One page of recipients.",
          schema: z.array(campaignRecipientSchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
        errors: ["not_found"],
      }),
    },
  },
};
