import type { Db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import {
  createApiKeyInput,
  createdApiKeySchema,
  MAX_KEYS_PER_ORGANIZATION,
  type CreateApiKeyInput,
} from "@/schemas/api-keys";
import { generateKeySecret } from "./key-secret";
import { toApiKeyView } from "./to-view";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { assertEmailVerified } from "../accounts/require-verified-email";

export function expiryFrom(expiresIn: string | undefined, now: Date): Date | null {
  if (!expiresIn) return null;
  return new Date(now.getTime() + Number(expiresIn.slice(0, -1)) * 86_400_000);
}

/** Returns the key with `rawKey`: the only time the full secret exists outside the caller's hands. */
export async function createApiKey(
  db: Db,
  organizationId: string,
  input: CreateApiKeyInput,
  actor: AuditActor,
  options: { now?: Date } = {},
) {
  const data = createApiKeyInput.parse(input);
  const now = options.now ?? new Date();
  if (data.environment === "live") await assertEmailVerified(db, actor);
  const secret = generateKeySecret(data.environment);
  const row = await db.$transaction(async (tx) => {
    // Serialize creations per organization so two parallel requests cannot both pass the limit.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${organizationId}`}))`;
    const count = await tx.apiKey.count({ where: { organizationId } });
    if (count >= MAX_KEYS_PER_ORGANIZATION) {
      throw new AppError("limit_reached", `An organization can have at most ${MAX_KEYS_PER_ORGANIZATION} API keys.`);
    }
    const created = await tx.apiKey.create({
      data: {
        id: newId("key"),
        organizationId,
        name: data.name,
        description: data.description ?? null,
        environment: data.environment,
        keyHash: secret.hash,
        keyPrefix: secret.prefix,
        permissions: data.permissions,
        ipRestrictions: data.ipRestrictions,
        expiresAt: expiryFrom(data.expiresIn, now),
        createdById: actor.type === "user" ? actor.userId : null,
        createdAt: now,
      },
    });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "apiKey.created",
        resourceType: "apiKey",
        resourceId: created.id,
        changes: diffChanges("apiKey", null, created),
      },
      now,
    );
    return created;
  });
  return createdApiKeySchema.parse({ ...toApiKeyView(row), rawKey: secret.raw });
}
