import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import { pruneFinishedJobs } from "./prune-finished-jobs";

const DAY = 24 * 60 * 60 * 1000;

describe("pruneFinishedJobs", () => {
  it("deletes old succeeded and failed runs only", async () => {
    // A function id of our own: on PostgreSQL other test files' jobs share the table.
    const functionId = `pruned-${randomBytes(4).toString("hex")}`;
    const now = new Date();
    const row = async (status: "pending" | "running" | "succeeded" | "failed", ageDays: number) => {
      const id = newId("job");
      const at = new Date(now.getTime() - ageDays * DAY);
      await getDb().job.create({
        data: { id, functionId, eventName: "test", data: {}, status, runAt: at, createdAt: at, updatedAt: at },
      });
      return id;
    };
    const kept = [
      await row("succeeded", 6),
      await row("failed", 29),
      await row("pending", 90),
      await row("running", 90),
    ];
    await row("succeeded", 8);
    await row("failed", 31);

    expect(await pruneFinishedJobs(getDb(), now, { functionIds: [functionId] })).toBe(2);
    const left = await getDb().job.findMany({ where: { functionId }, select: { id: true } });
    expect(left.map((r) => r.id).sort()).toEqual(kept.sort());
  });
});
