import type { Db, DbOrTx } from "../db/client";
import type { Campaign } from "../db/generated/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { recordAudit } from "../audit/record-audit";
import { diffChanges } from "../audit/changes";
import type { AuditActor } from "../audit/actor";
import { parseSendAt } from "../messages/send-at";
import {
  createCampaignInput,
  EDITABLE_STATUSES,
  updateCampaignInput,
  type CampaignView,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from "@/schemas/campaigns";
import { campaignKey } from "./campaign-events";
import { estimateCampaign } from "./estimate";
import { assertTrackableTemplate } from "./links/plan-tracked-links";
import { getCampaignOrThrow, viewOf, type CampaignScope } from "./get-campaign-or-throw";
import { checkTemplate } from "./render-port";
import { assertSenderPoolUsable } from "../sender-pools/manage";

/** Who creates: the organization, an environment for API keys (the key's) and the key itself. */
export interface CampaignCreator {
  organizationId: string;
  /** An API key's environment; undefined for the dashboard and JWTs (the body chooses, default test). */
  environment?: "live" | "test";
  apiKeyId: string | null;
}

function scheduledAtOf(value: string | null | undefined, now: Date): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return parseSendAt(value, now);
}

export function notEditable(row: Campaign): AppError {
  return new AppError(
    "campaign_not_editable",
    `Campaign ${row.id} is ${row.status}: only a DRAFT or SCHEDULED campaign can be changed or deleted.`,
  );
}

/** The fields an audit entry records of a campaign. */
export function auditShape(v: CampaignView) {
  return { ...v };
}

/** POST /campaigns (contract §11): a DRAFT, its template checked, its estimate computed. */
export async function createCampaign(
  db: Db,
  creator: CampaignCreator,
  input: CreateCampaignInput,
  actor: AuditActor,
  now = new Date(),
): Promise<CampaignView> {
  const body = createCampaignInput.parse(input);
  checkTemplate(body.template);
  if (body.linkTracking) assertTrackableTemplate(body.template);
  if (creator.environment && body.environment && body.environment !== creator.environment) {
    throw new AppError("invalid_request", "The request body is not valid.", {
      details: [{ path: "environment", message: `This API key creates ${creator.environment} campaigns only.` }],
    });
  }
  const environment = creator.environment ?? body.environment ?? "test";
  await assertSenderPoolUsable(db, creator.organizationId, body.from);
  const audience = body.audience ?? { tags: [], excludeTags: [] };
  const appendOptOutText = body.appendOptOutText ?? true;
  const scheduledAt = scheduledAtOf(body.scheduledAt, now) ?? null;
  const estimate = await estimateCampaign(db, creator.organizationId, {
    environment,
    template: body.template,
    appendOptOutText,
    audience,
    linkTracking: body.linkTracking ?? false,
  });
  return db.$transaction(async (tx) => {
    const row = await tx.campaign.create({
      data: {
        id: newId("cmp"),
        organizationId: creator.organizationId,
        environment,
        name: body.name,
        audienceTags: audience.tags,
        excludeTags: audience.excludeTags,
        from: body.from ?? null,
        template: body.template,
        appendOptOutText,
        scheduledAt,
        sendWindowStart: body.sendWindow?.start ?? null,
        sendWindowEnd: body.sendWindow?.end ?? null,
        throttlePerMinute: body.throttlePerMinute ?? null,
        validityPeriod: body.validityPeriod ?? null,
        frequencyCapHours: body.frequencyCapHours ?? null,
        linkTracking: body.linkTracking ?? false,
        apiKeyId: creator.apiKeyId,
        estimateRecipients: estimate.recipients,
        estimateSegments: BigInt(estimate.segments),
        estimatePriceUnits: BigInt(estimate.priceUnits),
        createdAt: now,
        updatedAt: now,
        stats: { create: {} },
      },
    });
    const view = await viewOf(tx, row);
    await recordAudit(
      tx,
      creator.organizationId,
      actor,
      {
        action: "campaign.created",
        resourceType: "campaign",
        resourceId: row.id,
        changes: diffChanges("campaign", null, auditShape(view)),
      },
      now,
    );
    return view;
  });
}

/** Locks the campaign row for a change; 404 for another tenant's, 409 once it has started. */
async function lockEditable(tx: DbOrTx, scope: CampaignScope, campaignId: string): Promise<Campaign> {
  await getCampaignOrThrow(tx, scope, campaignId);
  const [locked] = await tx.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM campaigns WHERE organization_id = $2 AND id = $1 FOR UPDATE`,
    campaignId,
    scope.organizationId,
  );
  if (!locked) throw new AppError("not_found", `No campaign with id ${campaignId}.`);
  const row = await getCampaignOrThrow(tx, scope, campaignId);
  if (!EDITABLE_STATUSES.includes(row.status)) throw notEditable(row);
  return row;
}

/** PATCH /campaigns/:id: only in DRAFT or SCHEDULED (else 409 `campaign_not_editable`). */
export async function updateCampaign(
  db: Db,
  scope: CampaignScope,
  campaignId: string,
  input: UpdateCampaignInput,
  actor: AuditActor,
  now = new Date(),
): Promise<CampaignView> {
  const patch = updateCampaignInput.parse(input);
  checkTemplate(patch.template);
  const scheduledAt = scheduledAtOf(patch.scheduledAt, now);
  await assertSenderPoolUsable(db, scope.organizationId, patch.from);
  return db.$transaction(async (tx) => {
    const before = await lockEditable(tx, scope, campaignId);
    const beforeView = await viewOf(tx, before);
    const audience = patch.audience ?? { tags: before.audienceTags, excludeTags: before.excludeTags };
    const template = patch.template ?? before.template;
    const appendOptOutText = patch.appendOptOutText ?? before.appendOptOutText;
    const linksChanged = patch.template !== undefined || patch.linkTracking !== undefined;
    if (linksChanged && (patch.linkTracking ?? before.linkTracking)) assertTrackableTemplate(template);
    const estimate = await estimateCampaign(tx, scope.organizationId, {
      environment: before.environment,
      template,
      appendOptOutText,
      audience,
      linkTracking: patch.linkTracking ?? before.linkTracking,
    });
    // A SCHEDULED campaign whose scheduledAt is cleared goes back to DRAFT (nothing would start it).
    const status = before.status === "SCHEDULED" && scheduledAt === null ? "DRAFT" : undefined;
    const row = await tx.campaign.update({
      where: campaignKey(before),
      data: {
        name: patch.name,
        audienceTags: audience.tags,
        excludeTags: audience.excludeTags,
        from: patch.from === undefined ? undefined : patch.from,
        template,
        appendOptOutText,
        scheduledAt,
        ...(patch.sendWindow !== undefined && {
          sendWindowStart: patch.sendWindow?.start ?? null,
          sendWindowEnd: patch.sendWindow?.end ?? null,
        }),
        throttlePerMinute: patch.throttlePerMinute,
        validityPeriod: patch.validityPeriod,
        frequencyCapHours: patch.frequencyCapHours,
        linkTracking: patch.linkTracking,
        status,
        estimateRecipients: estimate.recipients,
        estimateSegments: BigInt(estimate.segments),
        estimatePriceUnits: BigInt(estimate.priceUnits),
        updatedAt: now,
      },
    });
    const view = await viewOf(tx, row);
    await recordAudit(
      tx,
      scope.organizationId,
      actor,
      {
        action: "campaign.updated",
        resourceType: "campaign",
        resourceId: campaignId,
        changes: diffChanges("campaign", auditShape(beforeView), auditShape(view)),
      },
      now,
    );
    return view;
  });
}

/** DELETE /campaigns/:id: only in DRAFT or SCHEDULED (else 409 `campaign_not_editable`). */
export async function deleteCampaign(
  db: Db,
  scope: CampaignScope,
  campaignId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await lockEditable(tx, scope, campaignId);
    const beforeView = await viewOf(tx, before);
    await tx.campaign.delete({ where: campaignKey(before) });
    await recordAudit(
      tx,
      scope.organizationId,
      actor,
      {
        action: "campaign.deleted",
        resourceType: "campaign",
        resourceId: campaignId,
        changes: diffChanges("campaign", auditShape(beforeView), null),
      },
      now,
    );
  });
}
