// npm run db:migration:new -- <name>
// Writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL that takes the schema as
// last committed (git HEAD) to prisma/schema.prisma as it is now. Offline: `prisma migrate diff`
// runs on the wasm engines against scratch in-memory databases (see prisma.config.ts).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const name = (process.argv[2] ?? "").replace(/[^a-z0-9_]/gi, "_").toLowerCase();
if (!name) {
  console.error("usage: npm run db:migration:new -- <name>");
  process.exit(2);
}

const migrations = path.join("prisma", "migrations");
const hasMigrations = existsSync(migrations) && readdirSync(migrations).length > 0;
const from: string[] = ["--from-empty"];
if (hasMigrations) {
  const old = execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8" });
  const file = path.join(mkdtempSync(path.join(tmpdir(), "sg-schema-")), "schema.prisma");
  writeFileSync(file, old);
  from.splice(0, 1, "--from-schema-datamodel", file);
}

const sql = execFileSync(
  "npx",
  ["--no-install", "prisma", "migrate", "diff", ...from, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (!/CREATE|ALTER|DROP/i.test(sql)) {
  console.log("No schema changes: nothing written.");
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(migrations, `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), sql);
console.log(`Wrote ${dir}/migration.sql`);
