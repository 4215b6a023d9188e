// Builds dist/ with plain tsc (the SDK first when it has not been built: the CLI imports it as a package).
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const tsc = require.resolve("typescript/bin/tsc");

const sdkBuild = path.join(cli, "..", "sdk", "scripts", "build.mjs");
if (existsSync(sdkBuild) && !existsSync(path.join(cli, "..", "sdk", "dist", "esm", "index.js"))) {
  execFileSync(process.execPath, [sdkBuild], { stdio: "inherit" });
}
rmSync(path.join(cli, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(cli, "tsconfig.build.json")], { stdio: "inherit" });
chmodSync(path.join(cli, "dist", "index.js"), 0o755);
console.log("built cli/dist");
