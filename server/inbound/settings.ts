import type { Db, DbOrTx } from "../db/client";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { lockOrganization } from "../orgs/owner-rules";
import {
  DEFAULT_REPLIES,
  inboundSettingsResponse,
  updateInboundSettingsInput,
  type InboundSettings,
  type UpdateInboundSettingsInput,
} from "@/schemas/inbound";

type Row = {
  keywordsEnabled: boolean;
  stopReply: string | null;
  startReply: string | null;
  helpReply: string | null;
} | null;

function toSettings(row: Row): InboundSettings {
  return inboundSettingsResponse.parse({
    keywordsEnabled: row?.keywordsEnabled ?? true,
    stopReply: row?.stopReply ?? DEFAULT_REPLIES.stopReply,
    startReply: row?.startReply ?? DEFAULT_REPLIES.startReply,
    helpReply: row?.helpReply ?? DEFAULT_REPLIES.helpReply,
  });
}

/** contract §10: an organization's keyword settings; the defaults until it saves its own. */
export async function getInboundSettings(db: DbOrTx, organizationId: string): Promise<InboundSettings> {
  return toSettings(await db.inboundSettings.findUnique({ where: { organizationId } }));
}

/** The settings of several organizations at once (a batch of inbound messages), defaults filled in. */
export async function inboundSettingsOf(
  db: DbOrTx,
  organizationIds: readonly string[],
): Promise<Map<string, InboundSettings>> {
  const rows = await db.inboundSettings.findMany({ where: { organizationId: { in: [...organizationIds] } } });
  const byId = new Map(rows.map((r) => [r.organizationId, r]));
  return new Map(organizationIds.map((id) => [id, toSettings(byId.get(id) ?? null)]));
}

/** PATCH any subset, with an audit entry of what changed in the same transaction. */
export async function updateInboundSettings(
  db: Db,
  organizationId: string,
  input: UpdateInboundSettingsInput,
  actor: AuditActor,
  now = new Date(),
): Promise<InboundSettings> {
  const data = updateInboundSettingsInput.parse(input);
  return db.$transaction(async (tx) => {
    // Locked, so the audit entry's "before" is what this change replaced, not a concurrent one's.
    await lockOrganization(tx, organizationId);
    const before = await getInboundSettings(tx, organizationId);
    const after = toSettings(
      await tx.inboundSettings.upsert({
        where: { organizationId },
        create: { organizationId, ...data, updatedAt: now },
        update: { ...data, updatedAt: now },
      }),
    );
    await recordAudit(tx, organizationId, actor, {
      action: "inboundSettings.updated",
      resourceType: "inboundSettings",
      resourceId: organizationId,
      changes: diffChanges("inboundSettings", before, after),
    });
    return after;
  });
}
