import type { InvitationView } from "@/schemas/accounts";
import type { Role } from "@/schemas/roles";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const invitationSelect = { id: true, email: true, role: true, expiresAt: true, createdAt: true } as const;

export function toInvitationView(row: {
  id: string;
  email: string;
  role: Role;
  expiresAt: Date;
  createdAt: Date;
}): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Pending: neither accepted nor revoked, and not expired. */
export function pendingWhere(now: Date) {
  return { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } };
}
