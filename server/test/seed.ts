import { getDb } from "../db/client";
import { newId } from "../ids";
import { signAccessToken } from "../auth/jwt";
import { createApiKey } from "../api-keys/create-api-key";
import { SYSTEM_ACTOR } from "../audit/actor";
import type { CreateApiKeyInput } from "@/schemas/api-keys";
import type { Role } from "@/schemas/roles";
import { uniqueEmail } from "./http";

// Fixed hash of a password nobody uses: seeding skips argon2 so test setup stays fast.
const UNUSABLE_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VlZHNlZWRzZWVk$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

export interface SeededMember {
  userId: string;
  organizationId: string;
  role: Role;
  accessToken: string;
}

/** A fresh organization with one member of the given role, and an access token for that member. */
export async function seedOrganization(role: Role = "owner", name = "Test org"): Promise<SeededMember> {
  const db = getDb();
  const organizationId = newId("org");
  const userId = newId("usr");
  await db.organization.create({ data: { id: organizationId, name } });
  await db.user.create({ data: { id: userId, email: uniqueEmail(role), passwordHash: UNUSABLE_HASH } });
  await db.membership.create({ data: { id: newId("mem"), userId, organizationId, role } });
  const { token } = await signAccessToken({ sub: userId, org: organizationId, role });
  return { userId, organizationId, role, accessToken: token };
}

/** Another member with `role` in an existing organization. */
export async function seedMember(organizationId: string, role: Role): Promise<SeededMember> {
  const db = getDb();
  const userId = newId("usr");
  await db.user.create({ data: { id: userId, email: uniqueEmail(role), passwordHash: UNUSABLE_HASH } });
  await db.membership.create({ data: { id: newId("mem"), userId, organizationId, role } });
  const { token } = await signAccessToken({ sub: userId, org: organizationId, role });
  return { userId, organizationId, role, accessToken: token };
}

export async function seedApiKey(organizationId: string, input: Partial<CreateApiKeyInput> = {}, now?: Date) {
  return createApiKey(getDb(), organizationId, { name: "test key", ...input }, SYSTEM_ACTOR, { now });
}
