import { getDb } from "../../db/client";
import { inDriverTransaction, type RawTx } from "../../db/driver-transaction";
import { newIdAt } from "../../ids";
import { priceForCountry } from "../../billing/price-message";
import { countryFromStored } from "../../contacts/contact-country";
import { insertMessages, type NewMessage } from "../../messages/insert-messages";
import { DEFAULT_SENDER } from "../../messages/sender-profile";
import { countSegments } from "@/schemas/segments";
import type { SkippedReason } from "@/schemas/campaigns";
import { insertCampaignEvent, type CampaignRef } from "../campaign-events";
import { PASS_CAMPAIGN_GATE } from "../campaign-gate";
import { pauseFromRunner } from "../pause-from-runner";
import { campaignRenderer, tooLongDetail } from "../render-port";
import type { TextSpan } from "../template";
import { sendWindowCheck } from "../send-window";
import { deleteTrackedLinks, insertTrackedLinks } from "../links/insert-tracked-links";
import { linkBaseUrl } from "../links/link-base-url";
import { planTrackedLinks } from "../links/plan-tracked-links";
import { takeThrottleTokens } from "./throttle";
import { isPoolId } from "@/schemas/sender-pools";
import { sendersFromPool } from "./pool-senders";

/** Recipients per transaction. */
export const SEND_BATCH = 1000;

interface CampaignRow {
  id: string;
  organization_id: string;
  environment: "live" | "test";
  from_sender: string | null;
  template: string;
  append_opt_out_text: boolean;
  send_window_start: string | null;
  send_window_end: string | null;
  throttle_per_minute: number | null;
  validity_period: number | null;
  throttle_tokens: number;
  throttle_at: Date | null;
  frequency_cap_hours: number | null;
  api_key_id: string | null;
  expanded_at: Date | null;
  link_tracking: boolean;
}

interface Claimed {
  contact_id: string;
  phone: string;
  /** contacts.country while the contact still has the recipient's phone (contact-country.ts), else null. */
  country: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  attributes: unknown;
  capped: boolean;
  /** The contact was deleted after the audience was fixed: nothing to send to, nothing to fill in. */
  deleted: boolean;
}

// Waiting recipients due now, in the order they became due, through the partial index of PENDING
// rows. `capped`: the organization texted this phone from another campaign within the cap.
const CLAIM_SQL = `
SELECT r.contact_id, r.phone, CASE WHEN c.phone = r.phone THEN c.country END AS country, c.first_name, c.last_name, c.email, c.attributes,
       ($4::int IS NOT NULL AND EXISTS (
         SELECT 1 FROM campaign_recipients p
         WHERE p.organization_id = r.organization_id AND p.phone = r.phone AND p.campaign_id <> r.campaign_id
           AND p.accepted_at IS NOT NULL AND p.accepted_at > $2::timestamptz - make_interval(hours => $4::int)
       )) AS capped,
       c.id IS NULL AS deleted
FROM campaign_recipients r
LEFT JOIN contacts c ON c.organization_id = r.organization_id AND c.id = r.contact_id
WHERE r.organization_id = $5 AND r.campaign_id = $1 AND r.status = 'PENDING' AND r.not_before <= $2::timestamptz
ORDER BY r.not_before, r.contact_id
LIMIT $3
FOR UPDATE OF r SKIP LOCKED`;

// Every recipient's outcome in one statement.
const SETTLE_SQL = `
UPDATE campaign_recipients r
SET status = v.status::"CampaignRecipientStatus", skipped_reason = v.reason, skipped_detail = v.detail,
    message_id = v.message_id,
    accepted_at = CASE WHEN v.status = 'ACCEPTED' THEN $3::timestamptz END,
    not_before = coalesce(v.not_before, r.not_before)
FROM jsonb_to_recordset($2::jsonb)
  AS v(contact_id text, status text, reason text, detail text, message_id text, not_before timestamptz)
WHERE r.organization_id = $4 AND r.campaign_id = $1 AND r.contact_id = v.contact_id`;

interface Outcome {
  contact_id: string;
  status: "PENDING" | "ACCEPTED" | "SKIPPED";
  reason: SkippedReason | null;
  /** The reason in words, when there is more to say than its code. */
  detail?: string;
  message_id: string | null;
  not_before: string | null;
}

export interface SendResult {
  /** False when the campaign is not RUNNING or another process holds it. */
  worked: boolean;
  accepted: number;
  skipped: number;
  /** Recipients claimed (accepted, skipped or moved to a later window). */
  claimed: number;
  paused: boolean;
  completed: boolean;
}

const IDLE: SendResult = { worked: false, accepted: 0, skipped: 0, claimed: 0, paused: false, completed: false };

function attributesOf(v: unknown): Record<string, string> {
  const parsed = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
}

/**
 * One batch of a RUNNING campaign in one transaction: claim waiting recipients (as many as the
 * throttle allows), hold back those outside the send window until it opens, skip the
 * frequency-capped and those the template cannot be filled for, and accept the rest through the
 * same statement as every send (opt-outs, allowed countries, the spend limit). A recipient becomes
 * ACCEPTED in the transaction that inserts its message: texted once, whatever crashes.
 *
 * Locks on the campaign row: batches take FOR KEY SHARE, so several run at once (their recipients
 * are disjoint: FOR UPDATE SKIP LOCKED), beside the expansion's FOR NO KEY UPDATE; pause, resume
 * and cancel close the campaign's gate (campaign-gate.ts: new batches turn away) and take FOR
 * UPDATE, which waits for every batch in flight, so once a pause has answered no batch accepts
 * anything more. A throttled campaign's batch takes FOR NO KEY UPDATE (its token
 * bucket is on the row): one at a time. The spend limit's pause and the completion are their own
 * transactions after the batch.
 */
export async function sendBatch(campaign: CampaignRef, now: Date, batchSize = SEND_BATCH): Promise<SendResult> {
  const campaignId = campaign.id;
  // On the raw driver, not in a Prisma transaction: the batch's statements carry a thousand rows
  // each, and Prisma's query compiler costs milliseconds of CPU per raw statement, more than the
  // rest of the batch's Node work together (docs/campaigns.md, sending speed).
  const result = await inDriverTransaction(async (tx): Promise<SendResult> => {
    const [shared] = await tx.$queryRawUnsafe<CampaignRow[]>(
      `SELECT * FROM campaigns WHERE organization_id = $2 AND id = $1 AND status = 'RUNNING' AND ${PASS_CAMPAIGN_GATE}
       FOR KEY SHARE SKIP LOCKED`,
      campaignId,
      campaign.organizationId,
    );
    if (!shared) return IDLE;
    // Throttled: the row again under the exclusive lock, so the tokens read are the latest.
    const [c] =
      shared.throttle_per_minute === null
        ? [shared]
        : await tx.$queryRawUnsafe<CampaignRow[]>(
            `SELECT * FROM campaigns WHERE organization_id = $2 AND id = $1 AND status = 'RUNNING'
             FOR NO KEY UPDATE SKIP LOCKED`,
            campaignId,
            campaign.organizationId,
          );
    if (!c) return IDLE;
    const allowance = takeThrottleTokens(c, now, batchSize);
    const claimed =
      allowance.take > 0
        ? await tx.$queryRawUnsafe<Claimed[]>(
            CLAIM_SQL,
            campaignId,
            now.toISOString(),
            allowance.take,
            c.frequency_cap_hours,
            campaign.organizationId,
          )
        : [];
    const settled = await settle(tx, c, claimed, now);
    if (c.throttle_per_minute !== null) {
      await tx.$executeRawUnsafe(
        `UPDATE campaigns SET throttle_tokens = $2, throttle_at = $3::timestamptz WHERE organization_id = $4 AND id = $1`,
        campaignId,
        allowance.tokens - settled.accepted,
        now.toISOString(),
        campaign.organizationId,
      );
    }
    // Fewer than asked for: the campaign may have no one left waiting.
    const maybeDone = c.expanded_at !== null && claimed.length < allowance.take;
    return { ...settled, worked: true, completed: maybeDone };
  });
  if (result.paused) await pauseFromRunner(campaign, "spending_limit_reached", now);
  else if (result.completed) result.completed = await completeIfDone(campaign, now);
  return result;
}

/**
 * The organization's default sender, in the batch's transaction: no Prisma query may run while a
 * driver transaction is open (on PGlite it would wait for this one to end).
 */
async function defaultSenderOf(tx: RawTx, organizationId: string): Promise<string> {
  const [o] = await tx.$queryRawUnsafe<{ default_sender: string | null }[]>(
    `SELECT default_sender FROM organizations WHERE id = $1`,
    organizationId,
  );
  return o?.default_sender ?? DEFAULT_SENDER;
}

async function settle(
  tx: RawTx,
  c: CampaignRow,
  claimed: Claimed[],
  now: Date,
): Promise<Omit<SendResult, "worked" | "completed">> {
  const outcomes: Outcome[] = [];
  const drafts: { recipient: Claimed; id: string; text: string; written: TextSpan[] }[] = [];
  const window =
    c.send_window_start && c.send_window_end ? { start: c.send_window_start, end: c.send_window_end } : null;
  const from = c.from_sender ?? (claimed.length ? await defaultSenderOf(tx, c.organization_id) : "");
  const render = campaignRenderer({ template: c.template, appendOptOutText: c.append_opt_out_text });
  const skip = (contactId: string, reason: SkippedReason, detail?: string): Outcome => ({
    contact_id: contactId,
    status: "SKIPPED",
    reason,
    ...(detail ? { detail } : {}),
    message_id: null,
    not_before: null,
  });
  for (const r of claimed) {
    // Deleted since the audience was fixed: its fields are gone, and so is the consent to text it.
    if (r.deleted) {
      outcomes.push(skip(r.contact_id, "contact_deleted"));
      continue;
    }
    if (window) {
      const opensAt = await sendWindowCheck(r.phone, window, now);
      if (opensAt) {
        outcomes.push({
          contact_id: r.contact_id,
          status: "PENDING",
          reason: null,
          message_id: null,
          not_before: opensAt.toISOString(),
        });
        continue;
      }
    }
    if (r.capped) {
      outcomes.push(skip(r.contact_id, "frequency_cap"));
      continue;
    }
    const rendered = render({
      phone: r.phone,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      attributes: attributesOf(r.attributes),
    });
    if (!rendered.ok) {
      outcomes.push(skip(r.contact_id, "invalid_template", rendered.detail));
      continue;
    }
    drafts.push({ recipient: r, id: newIdAt("msg", now), text: rendered.text, written: rendered.written });
  }
  // Link tracking (contract §11): each recipient's URLs become short links of its own, counted in
  // its segments and price.
  const plan = c.link_tracking
    ? planTrackedLinks(
        { organizationId: c.organization_id, campaignId: c.id, linkBaseUrl: linkBaseUrl(), environment: c.environment },
        drafts.map((d) => ({
          contactId: d.recipient.contact_id,
          messageId: d.id,
          phone: d.recipient.phone,
          text: d.text,
          written: d.written,
        })),
        now,
      )
    : null;
  // A short link can be longer than the URL it replaces: the text as sent obeys the limit too, and a
  // recipient skipped here takes its links with it.
  const tooLong = new Set<string>();
  const sendable = drafts.flatMap((d, i) => {
    const body = plan ? plan.texts[i]! : d.text;
    const detail = tooLongDetail(body);
    if (!detail) return [{ recipient: d.recipient, id: d.id, body }];
    outcomes.push(skip(d.recipient.contact_id, "invalid_template", detail));
    tooLong.add(d.id);
    return [];
  });
  let links = plan?.links.filter((l) => l.messageId === null || !tooLong.has(l.messageId)) ?? [];
  const drafted = sendable.map((d): { recipient: Claimed; message: NewMessage } => {
    const { encoding, segments } = countSegments(d.body);
    return {
      recipient: d.recipient,
      message: {
        id: d.id,
        organizationId: c.organization_id,
        apiKeyId: c.api_key_id,
        batchId: c.id,
        otpId: null,
        environment: c.environment,
        to: d.recipient.phone,
        from,
        body: d.body,
        segments,
        encoding,
        validityPeriod: c.validity_period ?? undefined,
        // The country stored with the contact: exact (contact-country.test.ts) and no parse per message.
        ...priceForCountry(c.environment, countryFromStored(d.recipient.country, d.recipient.phone), segments),
      },
    };
  });
  let candidates = drafted;
  if (isPoolId(from)) {
    const pooled = await sendersFromPool(tx, c.organization_id, c.environment, from, drafted, now);
    candidates = pooled.served;
    // Skipped as its country's: the campaign's counters have no reason of their own for it.
    for (const u of pooled.unserved) outcomes.push(skip(u.recipient.contact_id, "country_not_allowed", u.detail));
    // A recipient the pool cannot serve takes its links with it, as a too long one does.
    const served = new Set(candidates.map((x) => x.message.id));
    links = links.filter((l) => l.messageId === null || served.has(l.messageId));
  }
  // Every outcome first, the candidates as ACCEPTED, and their links; the accepting statement
  // last. It updates the organization's hourly message counters, one row that every sender of the
  // organization shares: written last, that row lock is held only until the commit, so the
  // campaign's parallel batches (and bulk sends) do not queue behind this batch's other writes.
  for (const { recipient, message } of candidates) {
    outcomes.push({
      contact_id: recipient.contact_id,
      status: "ACCEPTED",
      reason: null,
      message_id: message.id,
      not_before: null,
    });
  }
  if (outcomes.length > 0) {
    await tx.$executeRawUnsafe(SETTLE_SQL, c.id, JSON.stringify(outcomes), now.toISOString(), c.organization_id);
  }
  if (links.length > 0) await insertTrackedLinks(tx, links, now);
  const refusals = await insertMessages(
    tx,
    candidates.map((x) => x.message),
    now,
  );
  // Refused by the accepting statement (an opt-out or a country rule, or the spend limit): those
  // recipients are put right, in the same transaction, so none is ever ACCEPTED without its message.
  const corrections: Outcome[] = [];
  let paused = false;
  candidates.forEach(({ recipient }, i) => {
    const refusal = refusals[i];
    if (refusal === null || refusal === undefined) return;
    if (refusal === "recipient_opted_out") corrections.push(skip(recipient.contact_id, "opted_out"));
    else if (refusal === "country_not_allowed") corrections.push(skip(recipient.contact_id, "country_not_allowed"));
    else if (refusal === "queue_full") {
      // The sender's queue holds four hours of sending (contract §15): the recipient waits for room,
      // and the campaign goes on (its other senders' recipients, its later batches).
      corrections.push({
        contact_id: recipient.contact_id,
        status: "PENDING",
        reason: null,
        message_id: null,
        not_before: new Date(now.getTime() + QUEUE_FULL_WAIT_MS).toISOString(),
      });
    } else {
      // spending_limit_reached: the recipient waits; the campaign pauses below.
      paused = true;
      corrections.push({
        contact_id: recipient.contact_id,
        status: "PENDING",
        reason: null,
        message_id: null,
        not_before: null,
      });
    }
  });
  if (corrections.length > 0) {
    await tx.$executeRawUnsafe(SETTLE_SQL, c.id, JSON.stringify(corrections), now.toISOString(), c.organization_id);
    if (plan) {
      const refused = new Set<string | null>(candidates.filter((_, i) => refusals[i] != null).map((x) => x.message.id));
      await deleteTrackedLinks(
        tx,
        c.organization_id,
        links.filter((l) => refused.has(l.messageId)).map((l) => l.code),
      );
    }
  }
  const accepted = candidates.length - corrections.length;
  const skipped =
    outcomes.filter((o) => o.status === "SKIPPED").length + corrections.filter((o) => o.status === "SKIPPED").length;
  return { accepted, skipped, claimed: claimed.length, paused };
}

/** How long a recipient refused by a full sender queue waits before it is tried again. */
const QUEUE_FULL_WAIT_MS = 60_000;

/** COMPLETED once the audience is expanded and no recipient waits (the aggregate's `pending`, over its stripes). */
async function completeIfDone(campaign: CampaignRef, now: Date): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const [c] = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM campaigns WHERE organization_id = $2 AND id = $1 AND status = 'RUNNING' AND expanded_at IS NOT NULL
       FOR UPDATE SKIP LOCKED`,
      campaign.id,
      campaign.organizationId,
    );
    if (!c) return false;
    const [s] = await tx.$queryRawUnsafe<{ pending: bigint }[]>(
      `SELECT sum(pending) AS pending FROM campaign_stats WHERE organization_id = $2 AND campaign_id = $1`,
      campaign.id,
      campaign.organizationId,
    );
    if (Number(s?.pending ?? 0) > 0) return false;
    await tx.$executeRawUnsafe(
      `UPDATE campaigns SET status = 'COMPLETED', completed_at = $2::timestamptz, updated_at = $2::timestamptz
       WHERE organization_id = $3 AND id = $1`,
      campaign.id,
      now.toISOString(),
      campaign.organizationId,
    );
    await insertCampaignEvent(tx, campaign, "campaign.completed", now);
    return true;
  });
}
