// Issue 37 §6: `npm ci` warned EBADENGINE for @scalar/* (Node ≥ 22) while package.json said Node
// 20 would do. Each package we ship declares the Node versions it runs on (engines.node); every
// package npm installs for it must accept the lowest of them and the Node running the tests.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { engineProblems, type Lockfile } from "./test/lockfile-engines";

const ROOT = path.resolve(__dirname, "..");
const read = <T>(file: string) => JSON.parse(readFileSync(path.join(ROOT, file), "utf8")) as T;
const lock = read<Lockfile>("package-lock.json");

function versionsOf(importer: string): string[] {
  const range = read<{ engines?: { node?: string } }>(path.join(importer, "package.json")).engines?.node;
  if (!range) throw new Error(`${importer || "package.json"} declares no engines.node`);
  return [semver.minVersion(range)!.version, process.version];
}

const describeProblems = (problems: ReturnType<typeof engineProblems>) =>
  problems.map((p) => `${p.location}@${p.version} needs node ${p.needs} (via ${p.via.join(" → ")})`);

describe("what npm installs runs on the Node versions package.json claims", () => {
  it.each([
    { importer: "", name: "the app, with its dev tooling", dev: true },
    { importer: "sdk", name: "the SDK", dev: false },
    { importer: "cli", name: "the CLI", dev: false },
  ])("$name", ({ importer, dev }) => {
    expect(describeProblems(engineProblems(lock, importer, versionsOf(importer), { dev }))).toEqual([]);
  });

  it("would notice a dependency that needs a newer Node, however deep", () => {
    const fixture: Lockfile = {
      packages: {
        "": { dependencies: { a: "1" }, devDependencies: { tool: "1" }, optionalDependencies: { elsewhere: "1" } },
        "node_modules/a": { version: "1.0.0", dependencies: { b: "1" }, engines: { node: ">=18" } },
        "node_modules/a/node_modules/b": { version: "2.0.0", engines: { node: ">=22" } },
        "node_modules/b": { version: "1.0.0", engines: { node: ">=16" } },
        "node_modules/tool": { version: "3.0.0", engines: { node: "^20.19.0 || >=22.12.0" } },
        "node_modules/elsewhere": { version: "1.0.0", os: ["win32"], engines: { node: ">=99" } },
      },
    };
    const problems = engineProblems(fixture, "", ["20.9.0", "20.20.2"], { dev: true });
    expect(describeProblems(problems)).toEqual([
      "node_modules/tool@3.0.0 needs node ^20.19.0 || >=22.12.0 (via tool)",
      "node_modules/a/node_modules/b@2.0.0 needs node >=22 (via a → b)",
    ]);
    expect(engineProblems(fixture, "", ["20.9.0"], { dev: false })).toHaveLength(1);
  });
});
