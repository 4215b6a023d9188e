// Issue 25: carriers take their inbound handler at start-up and import nothing of the inbound
// domain, so carriers → inbound → pipeline → carriers is no longer an import cycle.
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, reachable, ROOT, sourceFiles } from "../test/import-graph";

describe("carriers are a lower layer than inbound", () => {
  it("no carrier module reaches the inbound domain through its imports", () => {
    const offenders = sourceFiles(join(ROOT, "server/carriers")).flatMap((file) =>
      [...reachable(file)]
        .filter((f) => relative(ROOT, f).startsWith("server/inbound/"))
        .map((f) => `${relative(ROOT, file)} → ${relative(ROOT, f)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("the live carriers are in no import cycle", () => {
    const live = join(ROOT, "server/carriers/live.ts");
    const cycles = importsOf(live).filter((next) => reachable(next).has(live));
    expect(cycles.map((f) => relative(ROOT, f))).toEqual([]);
  });
});
