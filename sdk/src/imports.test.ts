import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL(".", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return entry.endsWith(".ts") && !entry.endsWith(".test.ts") ? [full] : [];
  });
}

// The root type check resolves imports like a bundler; the package is compiled with NodeNext
// (tsconfig.build.json), where a relative import needs its `.js` and the repository's `@/` alias
// does not exist. This catches both before the build does (the e2e pack test builds it).
describe("the SDK's sources", () => {
  it("import only relative `.js` paths and node: built-ins", () => {
    const bad: string[] = [];
    for (const file of sources(src)) {
      const code = readFileSync(file, "utf8");
      for (const m of code.matchAll(/(?:import|export)[^"';]*?from\s+"([^"]+)"/g)) {
        const spec = m[1] ?? "";
        const ok = spec.startsWith("node:") || (spec.startsWith(".") && spec.endsWith(".js"));
        if (!ok) bad.push(`${path.relative(src, file)}: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
