import type { Db } from "../db/client";
import { userActor, type RequestOrigin } from "./actor";
import { recordAuditInEveryOrganization } from "./record-audit";

/**
 * A dashboard sign-in (next-auth). It is not bound to one organization — the session reaches every
 * organization the user belongs to — so it is logged in each of them. A REST sign-in
 * (/auth/token) is bound to one organization and is logged there, with its refresh-token family.
 */
export async function recordSignIn(db: Db, userId: string, origin: RequestOrigin, now = new Date()): Promise<number> {
  return db.$transaction((tx) =>
    recordAuditInEveryOrganization(
      tx,
      userId,
      userActor(userId, origin),
      {
        action: "session.signedIn",
        resourceType: "session",
        resourceId: null,
        changes: { before: null, after: { via: "dashboard" } },
      },
      now,
    ),
  );
}
