import type { Db, DbOrTx } from "../db/client";
import type { SenderPool } from "../db/generated/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import {
  createSenderPoolInput,
  isPoolId,
  MAX_SENDER_POOLS,
  updateSenderPoolInput,
  type CreateSenderPoolInput,
  type SenderPoolView,
  type UpdateSenderPoolInput,
} from "@/schemas/sender-pools";

export function toSenderPoolView(p: SenderPool): SenderPoolView {
  return {
    id: p.id,
    name: p.name,
    numbers: p.numbers,
    alphanumericSenderId: p.alphanumericSenderId,
    stickySender: p.stickySender,
    geoMatch: p.geoMatch,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Every number must be assigned to the organization (contract §15: 400 `number_not_owned`). */
async function assertNumbersOwned(db: DbOrTx, organizationId: string, numbers: readonly string[]): Promise<void> {
  if (numbers.length === 0) return;
  const owned = await db.phoneNumber.findMany({
    where: { organizationId, number: { in: [...numbers] } },
    select: { number: true },
  });
  const ownedSet = new Set(owned.map((n) => n.number));
  const missing = numbers.filter((n) => !ownedSet.has(n));
  if (missing.length > 0) {
    throw new AppError("number_not_owned", `Not assigned to this organization: ${missing.slice(0, 5).join(", ")}.`, {
      details: missing.slice(0, 20).map((n) => ({ path: "numbers", message: `${n} is not assigned to you.` })),
    });
  }
}

function noSenderError(): AppError {
  return new AppError("invalid_request", "The request body is not valid.", {
    details: [{ path: "numbers", message: "A pool needs at least one number or an alphanumeric sender ID." }],
  });
}

const unique = (numbers: readonly string[]) => [...new Set(numbers)];

export async function createSenderPool(
  db: Db,
  organizationId: string,
  input: CreateSenderPoolInput,
  actor: AuditActor,
  now = new Date(),
): Promise<SenderPoolView> {
  const data = createSenderPoolInput.parse(input);
  const numbers = unique(data.numbers);
  await assertNumbersOwned(db, organizationId, numbers);
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sender_pools:${organizationId}`}))`;
    if ((await tx.senderPool.count({ where: { organizationId } })) >= MAX_SENDER_POOLS) {
      throw new AppError("limit_reached", `An organization can have at most ${MAX_SENDER_POOLS} sender pools.`);
    }
    const created = await tx.senderPool.create({
      data: {
        organizationId,
        id: newId("pool"),
        name: data.name,
        numbers,
        alphanumericSenderId: data.alphanumericSenderId ?? null,
        stickySender: data.stickySender,
        geoMatch: data.geoMatch,
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "senderPool.created",
        resourceType: "senderPool",
        resourceId: created.id,
        changes: diffChanges("senderPool", null, toSenderPoolView(created)),
      },
      now,
    );
    return created;
  });
  return toSenderPoolView(row);
}

export async function listSenderPools(db: DbOrTx, organizationId: string): Promise<SenderPoolView[]> {
  const rows = await db.senderPool.findMany({ where: { organizationId }, orderBy: { id: "asc" } });
  return rows.map(toSenderPoolView);
}

async function poolOrThrow(db: DbOrTx, organizationId: string, id: string): Promise<SenderPool> {
  const row = await db.senderPool.findUnique({ where: { organizationId_id: { organizationId, id } } });
  if (!row) throw new AppError("not_found", "No sender pool with that id.");
  return row;
}

/** A campaign `from` naming a pool (contract §15): the pool must be the organization's. */
export async function assertSenderPoolUsable(db: DbOrTx, organizationId: string, from: string | null | undefined) {
  if (!from || !isPoolId(from)) return;
  const found = await db.senderPool.count({ where: { organizationId, id: from } });
  if (found === 0) {
    throw new AppError("invalid_request", "The request body is not valid.", {
      details: [{ path: "from", message: `No sender pool ${from} in this organization.` }],
    });
  }
}

export async function getSenderPool(db: DbOrTx, organizationId: string, id: string): Promise<SenderPoolView> {
  return toSenderPoolView(await poolOrThrow(db, organizationId, id));
}

export async function updateSenderPool(
  db: Db,
  organizationId: string,
  id: string,
  input: UpdateSenderPoolInput,
  actor: AuditActor,
  now = new Date(),
): Promise<SenderPoolView> {
  const patch = updateSenderPoolInput.parse(input);
  const numbers = patch.numbers && unique(patch.numbers);
  if (numbers) await assertNumbersOwned(db, organizationId, numbers);
  const row = await db.$transaction(async (tx) => {
    const before = await poolOrThrow(tx, organizationId, id);
    const next = {
      numbers: numbers ?? before.numbers,
      alphanumericSenderId:
        patch.alphanumericSenderId === undefined ? before.alphanumericSenderId : patch.alphanumericSenderId,
    };
    if (next.numbers.length === 0 && !next.alphanumericSenderId) throw noSenderError();
    const updated = await tx.senderPool.update({
      where: { organizationId_id: { organizationId, id } },
      data: {
        ...(patch.name !== undefined && { name: patch.name }),
        ...next,
        ...(patch.stickySender !== undefined && { stickySender: patch.stickySender }),
        ...(patch.geoMatch !== undefined && { geoMatch: patch.geoMatch }),
        updatedAt: now,
      },
    });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "senderPool.updated",
        resourceType: "senderPool",
        resourceId: id,
        changes: diffChanges("senderPool", toSenderPoolView(before), toSenderPoolView(updated)),
      },
      now,
    );
    return updated;
  });
  return toSenderPoolView(row);
}

/** Messages already sent through the pool keep its id (`poolId`); a send naming it now answers 404. */
export async function deleteSenderPool(
  db: Db,
  organizationId: string,
  id: string,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await poolOrThrow(tx, organizationId, id);
    await tx.senderPool.delete({ where: { organizationId_id: { organizationId, id } } });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "senderPool.deleted",
        resourceType: "senderPool",
        resourceId: id,
        changes: diffChanges("senderPool", toSenderPoolView(before), null),
      },
      now,
    );
  });
}
