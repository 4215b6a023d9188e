import type { Db } from "../db/client";
import { AppError } from "../errors";
import { getContactOrThrow } from "../contacts/get-contact-or-throw";
import { sendSms } from "../messages/send-sms";
import type { SendSmsResponse } from "@/schemas/messages";
import type { CampaignPreview } from "@/schemas/campaigns";
import type { Campaign } from "../db/generated/client";
import { getCampaignOrThrow, type CampaignScope } from "./get-campaign-or-throw";
import { renderCampaignText, tooLongDetail, type RenderContact } from "./render-port";
import { previewMessage, validateTemplate, type TextSpan } from "./template";
import { linkBaseUrl } from "./links/link-base-url";
import { insertTrackedLinks } from "./links/insert-tracked-links";
import { planTrackedLinks } from "./links/plan-tracked-links";

async function contactFor(
  db: Db,
  organizationId: string,
  contactId: string | undefined,
): Promise<RenderContact | null> {
  if (!contactId) return null;
  const c = await getContactOrThrow(db, organizationId, contactId);
  return {
    phone: c.phone,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    attributes: (c.attributes ?? {}) as Record<string, string>,
  };
}

/** 400 for a contact the campaign would skip (`invalid_template`), saying why. */
function wouldSkip(detail: string): AppError {
  return new AppError("invalid_request", "This contact would be skipped (invalid_template).", {
    details: [{ path: "template", message: detail }],
  });
}

function render(campaign: Campaign, contact: RenderContact | null): { text: string; written: TextSpan[] } {
  const rendered = renderCampaignText(campaign, contact);
  if (!rendered.ok) throw wouldSkip(rendered.detail);
  return rendered;
}

/**
 * POST /campaigns/:id/preview (contract §11): the text as it will be sent to the contact (or with
 * the fallbacks), its segments, encoding and price for that contact's country (template module's
 * previewMessage: the same counter and price list as acceptance).
 */
export async function previewCampaign(
  db: Db,
  scope: CampaignScope,
  campaignId: string,
  input: { contactId?: string },
): Promise<CampaignPreview> {
  const campaign = await getCampaignOrThrow(db, scope, campaignId);
  const contact = await contactFor(db, scope.organizationId, input.contactId);
  render(campaign, contact);
  const preview = previewMessage({
    template: validateTemplate(campaign.template),
    contact,
    appendOptOutText: campaign.appendOptOutText,
    linkTracking: campaign.linkTracking,
    linkBaseUrl: linkBaseUrl(),
    environment: campaign.environment,
  });
  // Short links can be longer than the URLs they replace.
  const tooLong = tooLongDetail(preview.text);
  if (tooLong) throw wouldSkip(tooLong);
  return { text: preview.text, segments: preview.segments, encoding: preview.encoding, price: preview.price };
}

/**
 * POST /campaigns/:id/test (contract §11): one message to `to`, rendered for `contactId` or with
 * the fallbacks, through the ordinary send (opt-outs, countries, spend limit). It is not a
 * recipient: not in the stats, not in the frequency cap. With `linkTracking` its URLs are real
 * short links, as every recipient's will be (so its segments and price are the real ones), written
 * in the message's transaction without a contact: they redirect, and their clicks count on the
 * link rows only, never in the campaign's clicks, unique clicks or `link.clicked` events.
 */
export async function testSendCampaign(
  db: Db,
  scope: CampaignScope,
  campaignId: string,
  input: { to: string; contactId?: string },
  apiKeyId: string | null,
): Promise<SendSmsResponse> {
  const campaign = await getCampaignOrThrow(db, scope, campaignId);
  const contact = await contactFor(db, scope.organizationId, input.contactId);
  const { text, written } = render(campaign, contact);
  const now = new Date();
  const plan = campaign.linkTracking
    ? planTrackedLinks(
        {
          organizationId: scope.organizationId,
          campaignId: campaign.id,
          linkBaseUrl: linkBaseUrl(),
          environment: campaign.environment,
        },
        [{ contactId: null, messageId: null, phone: input.to, text, written }],
        now,
      )
    : null;
  const links = plan?.links ?? [];
  const tooLong = tooLongDetail(plan?.texts[0] ?? text);
  if (tooLong) throw wouldSkip(tooLong);
  return sendSms(
    db,
    { organizationId: scope.organizationId, environment: campaign.environment, apiKeyId },
    { to: input.to, body: plan?.texts[0] ?? text, ...(campaign.from ? { from: campaign.from } : {}) },
    {
      now,
      campaignTest: true,
      ...(links.length > 0 && {
        alongside: (tx, messageId) =>
          insertTrackedLinks(
            tx,
            links.map((l) => ({ ...l, messageId })),
            now,
          ),
      }),
    },
  );
}
