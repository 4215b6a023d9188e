// kill -9 in the middle of a paced backlog (contract §15): after the restart nothing is lost,
// nothing is sent twice, and the sender's pace still holds. The dead process is a fixture
// (server/test/fixtures/paced-then-die.ts) bound to the same test SMSC.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { runThenKill } from "../../test/crash";
import { useLiveCarriers } from "../../test/live-carriers";
import { handOffQueued } from "./hand-off";

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-paced-crash-")) : undefined;
let smsc: TestSmsc;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-crash", password: "pw-crash" });
});

afterAll(async () => {
  await smsc.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const arrivals = () => smsc.submits.filter((s) => s.text?.startsWith("crash-paced-"));

function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe.sequential("kill -9 during a paced backlog", () => {
  it("loses nothing, doubles nothing, and keeps the pace after the restart", async () => {
    const mps = 2;
    const vars = { SMS_PROVIDER: "smpp", SMPP_URL: smsc.url, SMPP_SYSTEM_ID: "sg-crash", SMPP_PASSWORD: "pw-crash" };
    const died = await runThenKill<{ organizationId: string; accepted: number }>(
      "paced-then-die.ts",
      ["12", `${mps}`],
      {
        dataDir,
        env: vars,
        // Killed between two slots: five handed over and recorded, the next not yet due (slots are
        // 500 ms apart; outcomes are recorded within RECORD_EVERY_MS, 50 ms, slower on a busy machine).
        until: () => {
          const got = arrivals();
          return got.length >= 5 && Date.now() - got.at(-1)!.at >= 300;
        },
      },
    );
    expect(died.accepted).toBe(12);
    const before = arrivals().length;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(12);

    let live: LiveCarriers | undefined;
    let restore = async () => {};
    try {
      ({ live, restore } = await useLiveCarriers(vars));
      await waitFor(() => live!.describe()[0]?.status === "bound");
      const organizationId = died.organizationId;
      // What the dead process had claimed waits for its lease (60 s): look past it.
      const deadline = Date.now() + 30_000;
      while ((await getDb().message.count({ where: { organizationId, status: "QUEUED" } })) > 0) {
        if (Date.now() > deadline) throw new Error("the backlog was not handed over after the restart");
        await handOffQueued({ organizationId, now: () => new Date(Date.now() + 61_000) });
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await getDb().message.count({ where: { organizationId, status: "SENT" } })).toBe(12);
    } finally {
      await restore();
    }
    const bodies = arrivals().map((s) => s.text);
    expect(bodies).toHaveLength(12);
    expect(new Set(bodies).size).toBe(12);
    expect(
      busiestSecond(
        arrivals()
          .slice(before)
          .map((s) => s.at),
      ),
    ).toBeLessThanOrEqual(mps + 1);
  });
});
