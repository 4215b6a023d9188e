import { z } from "zod";
import { getCampaignOrThrow } from "../../campaigns/get-campaign-or-throw";
import { readCampaignDays } from "../../campaigns/links/click-stats";
import { linkBaseUrl } from "../../campaigns/links/link-base-url";
import { parseTemplate } from "../../campaigns/template/parse-template";
import { previewMessage } from "../../campaigns/template/preview-message";
import { getContactOrThrow } from "../../contacts/get-contact-or-throw";
import { keyEnvironmentSchema } from "@/schemas/api-keys";
import { audienceSchema, MAX_CAMPAIGN_TEMPLATE_LENGTH } from "@/schemas/campaigns";
import { audienceCondition } from "../../campaigns/audience-sql";
import { listContacts } from "../../contacts/list-contacts";
import { roleProcedure, router } from "../init";

const previewDraftInput = z.strictObject({
  template: z.string().max(MAX_CAMPAIGN_TEMPLATE_LENGTH),
  contactId: z.string().trim().min(1).max(64).optional(),
  appendOptOutText: z.boolean(),
  linkTracking: z.boolean(),
  environment: keyEnvironmentSchema,
});

// The campaign builder's helpers beside the campaigns router: a preview of text not saved yet (the
// template editor's live preview for a chosen contact) and a campaign's clicks and opt-outs per day.
export const campaignToolsRouter = router({
  /** What the editor's counter needs to count tracked links at their real length. */
  settings: roleProcedure("campaigns.read").query(() => ({ linkBaseUrl: linkBaseUrl() })),

  previewDraft: roleProcedure("campaigns.read")
    .input(previewDraftInput)
    .query(async ({ ctx, input }) => {
      const parsed = parseTemplate(input.template);
      if (!parsed.ok) return { ok: false as const, issues: parsed.issues };
      const c = input.contactId ? await getContactOrThrow(ctx.db, ctx.organizationId, input.contactId) : null;
      const contact = c
        ? {
            phone: c.phone,
            firstName: c.firstName,
            lastName: c.lastName,
            email: c.email,
            attributes: (c.attributes ?? {}) as Record<string, string>,
          }
        : null;
      const preview = previewMessage({ ...input, template: parsed.template, contact, linkBaseUrl: linkBaseUrl() });
      return { ok: true as const, preview };
    }),

  /**
   * Contacts the campaign would reach (its audience, not opted out), by the same search as the
   * Contacts page: the preview's picker offers only these (issue 39).
   */
  audienceContacts: roleProcedure("campaigns.read")
    .input(z.strictObject({ audience: audienceSchema, q: z.string().trim().max(100).optional() }))
    .query(({ ctx, input }) =>
      listContacts(
        ctx.db,
        ctx.organizationId,
        { limit: 20, optedOut: false, ...(input.q ? { q: input.q } : {}) },
        audienceCondition(input.audience),
      ),
    ),

  days: roleProcedure("campaigns.read")
    .input(z.strictObject({ id: z.string().trim().min(1).max(64) }))
    .query(async ({ ctx, input }) => {
      await getCampaignOrThrow(ctx.db, { organizationId: ctx.organizationId }, input.id);
      return readCampaignDays(ctx.db, ctx.organizationId, input.id);
    }),
});
