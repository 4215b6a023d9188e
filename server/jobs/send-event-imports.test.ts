// Issue 37 §6: the job registry is handed over at start-up (registry.ts), so sending an event
// imports no job. send-event.ts used to import the registry lazily, which made it, every job and
// the domain code they run one import cycle.
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importPath, importsOf, reachable, ROOT } from "../test/import-graph";

const SEND_EVENT = join(ROOT, "server/jobs/send-event.ts");

describe("sending a job event", () => {
  it("imports no job, not even lazily", () => {
    const jobs = [...reachable(SEND_EVENT)]
      .map((f) => relative(ROOT, f))
      .filter((f) => f.startsWith("server/jobs/functions/"));
    expect(jobs).toEqual([]);
  });

  it("is in no import cycle", () => {
    const cycles = importsOf(SEND_EVENT)
      .map((next) => importPath(next, SEND_EVENT))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => [SEND_EVENT, ...chain].map((f) => relative(ROOT, f)).join(" → "));
    expect(cycles).toEqual([]);
  });
});
