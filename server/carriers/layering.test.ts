// Issue 25: carriers take their inbound handler at start-up and import nothing of the inbound
// domain, so carriers → inbound → pipeline → carriers is no longer an import cycle.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? resolve(dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** Runtime imports of a file (type-only imports vanish at compile time and make no cycle). */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specs = [...source.matchAll(/^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+["']([^"']+)["']/gm)].map(
    (m) => m[1]!,
  );
  specs.push(...[...source.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!));
  return specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null);
}

function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

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
