import type { Db } from "../db/client";
import { AppError } from "../errors";
import { tokenInput } from "@/schemas/auth";
import type { z } from "zod";
import type { RequestOrigin } from "../audit/actor";
import { startSession } from "./refresh-tokens";
import { verifyCredentials } from "./verify-credentials";
import { assertSecondFactor } from "../two-factor/sign-in-step";

/** POST /auth/token: password → token pair for one organization (the oldest membership by default). */
export async function issueTokens(db: Db, input: z.input<typeof tokenInput>, origin: RequestOrigin, now = new Date()) {
  const data = tokenInput.parse(input);
  const user = await verifyCredentials(db, data.email, data.password);
  if (!user) throw new AppError("invalid_credentials");

  const membership = await db.membership.findFirst({
    where: { userId: user.id, ...(data.organizationId ? { organizationId: data.organizationId } : {}) },
    orderBy: { createdAt: "asc" },
    select: { organizationId: true, role: true },
  });
  if (!membership) {
    throw data.organizationId
      ? new AppError("not_found", "You are not a member of that organization.")
      : new AppError("forbidden", "This account does not belong to any organization.");
  }
  await assertSecondFactor(db, user.id, membership.organizationId, data, origin, now);
  return startSession(db, user, membership, origin, now);
}
