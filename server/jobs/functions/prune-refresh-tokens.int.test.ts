import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import { runDueJobsOnce } from "../embedded/runner";
import { readState } from "../embedded/store";
import { toInngestFunction } from "../inngest-functions";
import { sendJobEvent } from "../send-event";
import { pruneRefreshTokens } from "./prune-refresh-tokens";

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);
const fromNow = (ms: number) => new Date(Date.now() + ms);

/**
 * One organization and user with a family in each state, two tokens per family. Runs are scoped
 * to this organization: on PostgreSQL other test files share the database and their families
 * are not ours to delete.
 */
async function seedFamilies() {
  const db = getDb();
  const organizationId = newId("org");
  const userId = newId("usr");
  await db.organization.create({ data: { id: organizationId, name: "Prune test" } });
  await db.user.create({ data: { id: userId, email: `${userId}@prune.test`, passwordHash: "x" } });
  const family = async (expiresAt: Date, revokedAt: Date | null = null) => {
    const id = newId("rtf");
    await db.refreshTokenFamily.create({
      data: {
        id,
        userId,
        organizationId,
        expiresAt,
        revokedAt,
        tokens: {
          create: [
            { id: newId("rt"), tokenHash: newId("rt"), expiresAt, usedAt: new Date() },
            { id: newId("rt"), tokenHash: newId("rt"), expiresAt },
          ],
        },
      },
    });
    return id;
  };
  const families = {
    valid: await family(fromNow(30 * DAY)),
    expired: await family(ago(60 * 1000)),
    longExpired: await family(ago(40 * DAY)),
    revokedLongAgo: await family(fromNow(20 * DAY), ago(8 * DAY)),
    revokedRecently: await family(fromNow(20 * DAY), ago(6 * DAY)),
  };
  return { organizationId, families };
}

async function remaining(organizationId: string) {
  const db = getDb();
  const families = await db.refreshTokenFamily.findMany({ where: { organizationId }, select: { id: true } });
  const tokens = await db.refreshToken.count({ where: { family: { organizationId } } });
  return { ids: families.map((f) => f.id).sort(), tokens };
}

describe("prune-refresh-tokens", () => {
  it("through Inngest (@inngest/test): deletes expired and long-revoked families with their tokens", async () => {
    const { organizationId, families } = await seedFamilies();
    const t = new InngestTestEngine({ function: toInngestFunction(pruneRefreshTokens) });
    const { result, error } = await t.execute({
      events: [{ name: "auth/refresh-tokens.prune", data: { organizationId } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ deleted: 3 });
    const left = await remaining(organizationId);
    expect(left.ids).toEqual([families.valid, families.revokedRecently].sort());
    expect(left.tokens).toBe(4);
    const deletedTokens = await getDb().refreshToken.count({
      where: { familyId: { in: [families.expired, families.longExpired, families.revokedLongAgo] } },
    });
    expect(deletedTokens).toBe(0);

    // Nothing left to prune: a second run deletes nothing. (A fresh engine: one engine replays the
    // step results of its earlier executions, as Inngest does within one run.)
    const again = await new InngestTestEngine({ function: toInngestFunction(pruneRefreshTokens) }).execute({
      events: [{ name: "auth/refresh-tokens.prune", data: { organizationId } }],
    });
    expect(again.result).toEqual({ deleted: 0 });
  });

  it("through the embedded runner: the same function, enqueued with sendJobEvent", async () => {
    const { organizationId, families } = await seedFamilies();
    await sendJobEvent(getDb(), "auth/refresh-tokens.prune", { organizationId });
    const row = await getDb().job.findFirstOrThrow({
      where: {
        functionId: pruneRefreshTokens.id,
        status: "pending",
        data: { path: ["event", "organizationId"], equals: organizationId },
      },
    });
    const summary = await runDueJobsOnce(getDb(), new Date(Date.now() + 1000), { jobs: [pruneRefreshTokens] });
    expect(summary.outcomes).toContainEqual({ jobId: row.id, functionId: pruneRefreshTokens.id, outcome: "succeeded" });
    const done = await getDb().job.findUniqueOrThrow({ where: { id: row.id } });
    expect(readState(done).output).toEqual({ deleted: 3 });
    expect((await remaining(organizationId)).ids).toEqual([families.valid, families.revokedRecently].sort());
  });

  it("is served to Inngest with its event and an hourly cron trigger", () => {
    const fn = toInngestFunction(pruneRefreshTokens);
    expect(fn.id()).toBe("prune-refresh-tokens");
    expect(fn.opts.triggers).toEqual([{ event: "auth/refresh-tokens.prune" }, { cron: "0 * * * *" }]);
    expect(fn.opts.retries).toBe(2);
  });
});
