import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The folder of an installed package, for reading a data file it ships (issue 37 §1). Node resolves
 * it at run time from the app's root, the directory `npm start` runs in (as for the price list,
 * the migrations and docs/).
 *
 * Not `createRequire(import.meta.url)` nor `require.resolve`: the Next.js server bundle rewrites
 * both, and `require.resolve` there answers a bundler module id (a number), not a path. A
 * `require` made from a path computed at run time is left to Node, bundled or not;
 * eslint.config.mjs keeps the rewritten forms out of bundled code.
 */
export function packageDir(name: string): string {
  const fromAppRoot = createRequire(path.join(/* turbopackIgnore: true */ process.cwd(), "package.json"));
  // The entry (`main` or the `.` export) sits somewhere inside; the package root holds its package.json.
  let dir = path.dirname(fromAppRoot.resolve(name));
  while (packageName(dir) !== name) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the folder of the package ${name}`);
    dir = parent;
  }
  return dir;
}

function packageName(dir: string): string | undefined {
  const file = path.join(dir, "package.json");
  if (!existsSync(file)) return undefined;
  return (JSON.parse(readFileSync(file, "utf8")) as { name?: string }).name;
}
