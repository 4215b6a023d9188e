// The CLI as npm installs it: `npm pack` of the CLI and of the SDK it depends on, both installed
// offline into a fresh project, then the `signalgate` binary run from node_modules/.bin.
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "@playwright/test";
import { SignalGate } from "../sdk/src/index.js";
import { PASSWORD, uniqueEmail } from "./helpers";
import { buildCli, cli, run } from "./cli-helpers";

test("npm pack: the CLI installs offline and runs --help and sms send", async ({ baseURL }) => {
  test.setTimeout(180_000);
  const root = fileURLToPath(new URL("..", import.meta.url));
  const work = await mkdtemp(path.join(os.tmpdir(), "signalgate-cli-pack-"));
  try {
    await buildCli();
    const pack = async (dir: string) => {
      const out = await run(
        "npm",
        ["pack", "--json", "--ignore-scripts", "--pack-destination", work],
        path.join(root, dir),
      );
      return (JSON.parse(out) as { filename: string; files: { path: string }[] }[])[0]!;
    };
    const sdk = await pack("sdk");
    const cliPkg = await pack("cli");
    const files = cliPkg.files.map((f) => f.path).sort();
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "package.json", "dist/index.js", "dist/commands/listen.js"]),
    );
    expect(files.filter((f) => !f.startsWith("dist/") && f !== "README.md" && f !== "package.json")).toEqual([]);
    expect(files.filter((f) => f.includes(".test."))).toEqual([]);

    // Offline, npm cannot look up version ranges: the CLI's dependencies (as installed here, packed
    // from node_modules) are handed to it as tarballs too, as a registry would serve them.
    const deps = [];
    for (const dir of dependencyClosure(root, "cli")) deps.push(await pack(path.relative(root, dir)));

    const project = path.join(work, "app");
    await mkdir(project);
    await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "cli-user", private: true }));
    await run(
      "npm",
      [
        "install",
        ...[sdk, cliPkg, ...deps].map((p) => path.join(work, p.filename)),
        "--offline",
        "--no-audit",
        "--no-fund",
      ],
      project,
    );
    const bin = [path.join(project, "node_modules", ".bin", "signalgate")];

    const help = await cli(["--help"], {}, undefined, bin);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("listen");
    expect(help.stdout).toContain("Examples:");

    const email = uniqueEmail("clipack");
    await new SignalGate({ baseUrl: baseURL! }).auth.register({ email, password: PASSWORD, organizationName: "Pack" });
    const key = await new SignalGate({ baseUrl: baseURL!, email, password: PASSWORD }).apiKeys.create({ name: "pack" });
    const sent = await cli(
      ["sms", "send", "--to", "+14155550123", "--body", "from the packed CLI", "--json"],
      { SIGNALGATE_BASE_URL: baseURL!, SIGNALGATE_API_KEY: key.rawKey, SIGNALGATE_CONFIG_DIR: path.join(work, "cfg") },
      undefined,
      bin,
    );
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.json()).toMatchObject({ messageId: expect.stringMatching(/^msg_/), status: "QUEUED" });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
});

/** The installed folders of a workspace's runtime dependencies, transitively (the SDK excluded: packed above). */
function dependencyClosure(root: string, workspace: string): string[] {
  const seen = new Map<string, string>();
  const visit = (pkgDir: string) => {
    const pkg = JSON.parse(readFileSync(path.join(pkgDir, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(pkg.dependencies ?? {})) {
      if (name === "signalgate" || seen.has(name)) continue;
      // Node's lookup: the package's own node_modules first, then the root's.
      const nested = path.join(pkgDir, "node_modules", name);
      const dir = [nested, path.join(root, "node_modules", name)].find((d) => {
        try {
          readFileSync(path.join(d, "package.json"));
          return true;
        } catch {
          return false;
        }
      });
      if (!dir) throw new Error(`${name} (needed by ${pkgDir}) is not installed`);
      seen.set(name, dir);
      visit(dir);
    }
  };
  visit(path.join(root, workspace));
  return [...seen.values()];
}
