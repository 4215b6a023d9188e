// A bad PRICE_LIST_FILE stops start-up like a bad variable does: the server exits non-zero before
// listening and names every bad row on its own line (a process of this file's own, port E2E_PORT+16).
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connectionRefused, productionEnv, spawnServer } from "./server-process";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 16;

test("an invalid price list: exits non-zero before listening, one line per bad row", async () => {
  test.setTimeout(60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "sg-prices-"));
  const file = path.join(dir, "prices.csv");
  writeFileSync(file, ["country,price_per_segment", "US,0.0079", "ZZ,0.0100", "FR,0.01"].join("\n"));
  const server = spawnServer(PORT, productionEnv(PORT, { DATA_DIR: "memory://", PRICE_LIST_FILE: file }));
  try {
    const code = await server.exited;
    const output = server.output();
    expect(code, output).not.toBe(0);
    expect(output).not.toContain("ready");
    expect(output).toContain(`Invalid price list ${file}:`);
    const problems = output.split("\n").filter((line) => /^\s+line \d+: |^\s+a "default" row/.test(line));
    expect(
      problems.map((l) => l.trim()),
      output,
    ).toEqual([
      'line 3: "ZZ" is not a country code libphonenumber knows',
      'line 4: price "0.01" must have exactly four decimal places, e.g. 0.0079',
      'a "default" row is required (the price of unlisted countries)',
    ]);
    expect(output).not.toMatch(/^\s+at /m);
    expect(await connectionRefused(PORT)).toBe(true);
  } finally {
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
