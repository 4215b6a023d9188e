// Builds dist/esm (ES modules) and dist/cjs (CommonJS), each with its declarations, with plain tsc.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const sdk = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

rmSync(path.join(sdk, "dist"), { recursive: true, force: true });
for (const config of ["tsconfig.build.json", "tsconfig.build.cjs.json"]) {
  execFileSync(process.execPath, [tsc, "-p", path.join(sdk, config)], { stdio: "inherit" });
}
// The package is "type": "module"; this marks the CommonJS half (and its .d.ts) as CommonJS.
mkdirSync(path.join(sdk, "dist", "cjs"), { recursive: true });
writeFileSync(path.join(sdk, "dist", "cjs", "package.json"), '{\n  "type": "commonjs"\n}\n');
console.log("built sdk/dist/esm and sdk/dist/cjs");
