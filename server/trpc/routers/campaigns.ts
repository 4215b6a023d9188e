import { z } from "zod";
import { getCampaignView } from "../../campaigns/get-campaign-or-throw";
import { listCampaigns } from "../../campaigns/list-campaigns";
import { createCampaign, deleteCampaign, updateCampaign } from "../../campaigns/save-campaign";
import { previewCampaign, testSendCampaign } from "../../campaigns/preview-campaign";
import { cancelCampaign, launchCampaign, pauseCampaign, resumeCampaign } from "../../campaigns/launch-campaign";
import { listRecipients } from "../../campaigns/list-recipients";
import { countAudience } from "../../campaigns/estimate";
import {
  audienceCountInput,
  createCampaignInput,
  listCampaignsQuery,
  listRecipientsQuery,
  previewCampaignInput,
  testCampaignInput,
  updateCampaignInput,
} from "@/schemas/campaigns";
import { roleProcedure, router } from "../init";

// The same domain functions as /api/v1/campaigns (contract §11): owner, admin and developer
// manage, support reads. The dashboard sees both environments' campaigns.
const campaignId = z.string().trim().min(1).max(64);
const idInput = z.strictObject({ id: campaignId });
// tRPC's infinite queries add `direction` to their input.
const direction = z.enum(["forward", "backward"]).optional();

export const campaignsRouter = router({
  list: roleProcedure("campaigns.read")
    .input(listCampaignsQuery.extend({ direction }))
    .query(({ ctx, input: { direction: _d, ...query } }) =>
      listCampaigns(ctx.db, { organizationId: ctx.organizationId }, query),
    ),

  get: roleProcedure("campaigns.read")
    .input(idInput)
    .query(({ ctx, input }) => getCampaignView(ctx.db, { organizationId: ctx.organizationId }, input.id)),

  create: roleProcedure("campaigns.manage")
    .input(createCampaignInput)
    .mutation(({ ctx, input }) =>
      createCampaign(ctx.db, { organizationId: ctx.organizationId, apiKeyId: null }, input, ctx.actor),
    ),

  // Flat input (id beside the fields) so zod's field errors name the form's fields.
  update: roleProcedure("campaigns.manage")
    .input(updateCampaignInput.extend({ id: campaignId }))
    .mutation(({ ctx, input: { id, ...patch } }) =>
      updateCampaign(ctx.db, { organizationId: ctx.organizationId }, id, patch, ctx.actor),
    ),

  delete: roleProcedure("campaigns.manage")
    .input(idInput)
    .mutation(async ({ ctx, input }) => {
      await deleteCampaign(ctx.db, { organizationId: ctx.organizationId }, input.id, ctx.actor);
      return { id: input.id };
    }),

  preview: roleProcedure("campaigns.read")
    .input(previewCampaignInput.extend({ id: campaignId }))
    .mutation(({ ctx, input: { id, ...body } }) =>
      previewCampaign(ctx.db, { organizationId: ctx.organizationId }, id, body),
    ),

  testSend: roleProcedure("campaigns.manage")
    .input(testCampaignInput.extend({ id: campaignId }))
    .mutation(({ ctx, input: { id, ...body } }) =>
      testSendCampaign(ctx.db, { organizationId: ctx.organizationId }, id, body, null),
    ),

  launch: roleProcedure("campaigns.manage")
    .input(idInput)
    .mutation(({ ctx, input }) => launchCampaign(ctx.db, { organizationId: ctx.organizationId }, input.id, ctx.actor)),

  pause: roleProcedure("campaigns.manage")
    .input(idInput)
    .mutation(({ ctx, input }) => pauseCampaign(ctx.db, { organizationId: ctx.organizationId }, input.id, ctx.actor)),

  resume: roleProcedure("campaigns.manage")
    .input(idInput)
    .mutation(({ ctx, input }) => resumeCampaign(ctx.db, { organizationId: ctx.organizationId }, input.id, ctx.actor)),

  cancel: roleProcedure("campaigns.manage")
    .input(idInput)
    .mutation(({ ctx, input }) => cancelCampaign(ctx.db, { organizationId: ctx.organizationId }, input.id, ctx.actor)),

  recipients: roleProcedure("campaigns.read")
    .input(listRecipientsQuery.extend({ id: campaignId, direction }))
    .query(({ ctx, input: { id, direction: _d, ...query } }) =>
      listRecipients(ctx.db, { organizationId: ctx.organizationId }, id, query),
    ),

  /** The campaign's counts alone (the campaign page polls this while it runs). */
  stats: roleProcedure("campaigns.read")
    .input(idInput)
    .query(async ({ ctx, input }) => {
      const view = await getCampaignView(ctx.db, { organizationId: ctx.organizationId }, input.id);
      return { id: view.id, status: view.status, pausedReason: view.pausedReason, stats: view.stats };
    }),

  /** The builder's live recipient count: contacts matching the audience now, not opted out. */
  audienceCount: roleProcedure("campaigns.read")
    .input(audienceCountInput)
    .query(async ({ ctx, input }) => ({ recipients: await countAudience(ctx.db, ctx.organizationId, input.audience) })),
});
