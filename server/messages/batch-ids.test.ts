import { describe, expect, it } from "vitest";
import { newId, newIdAt } from "../ids";
import { batchMessageRange, legacyBatchMessageRange, newBatch } from "./batch-ids";

const inRange = (id: string, r: { gte: string; lt: string } | null) => !!r && id >= r.gte && id < r.lt;

describe("batch ids", () => {
  it("name the id range of exactly their own messages", () => {
    const at = new Date("2026-11-27T12:00:00.123Z");
    const a = newBatch(at);
    const b = newBatch(at);
    const mine = Array.from({ length: 1000 }, () => a.newMessageId());
    const theirs = Array.from({ length: 1000 }, () => b.newMessageId());
    expect(new Set(mine).size).toBe(1000);
    for (const id of mine) {
      expect(id).toMatch(/^msg_[0-9A-Za-z]{24}$/);
      expect(inRange(id, batchMessageRange(a.batchId))).toBe(true);
    }
    for (const id of theirs) expect(inRange(id, batchMessageRange(a.batchId))).toBe(false);
    // In the order they were made: a bulk's items, in order of acceptance (contract §15).
    expect([...mine].sort()).toEqual(mine);
    // Same instant, other messages: outside too.
    expect(inRange(newIdAt("msg", at), batchMessageRange(a.batchId))).toBe(false);
    expect(a.batchId).toMatch(/^bat_[0-9A-Za-z]{24}$/);
  });

  it("cover a batch made before the scheme through the minute before its id", () => {
    const at = new Date("2026-11-20T08:00:00Z");
    const legacy = newIdAt("bat", at);
    expect(inRange(newIdAt("msg", new Date(at.getTime() - 5)), legacyBatchMessageRange(legacy))).toBe(true);
    expect(inRange(newIdAt("msg", new Date(at.getTime() - 120_000)), legacyBatchMessageRange(legacy))).toBe(false);
    const batch = newBatch(at);
    expect(inRange(batch.newMessageId(), legacyBatchMessageRange(batch.batchId))).toBe(true);
  });

  it("answer null for what is no batch id", () => {
    expect(batchMessageRange("bat_history1")).toBeNull();
    expect(legacyBatchMessageRange(newId("msg"))).toBeNull();
  });
});
