// npm run db:migrate — apply pending migrations to the configured database (DATABASE_URL, or the
// PGlite directory DATA_DIR). For deployments; `npm run dev` and `npm start` also migrate at
// start-up. Never run it on a PGlite directory while a server has it open: PGlite allows one
// process per directory.
import { closeDb, ensureMigrated, getDriver } from "../db/client";
import { getEnv } from "../env";

async function main(): Promise<void> {
  const env = getEnv();
  const target = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${env.DATA_DIR}`;
  getDriver();
  const result = await ensureMigrated();
  if (result.applied.length === 0) {
    console.log(`${target}: up to date (${result.alreadyApplied} migrations applied earlier).`);
  } else {
    console.log(`${target}: applied ${result.applied.length} migration(s):`);
    for (const name of result.applied) console.log(`  ${name}`);
  }
}

main()
  .catch((err: unknown) => {
    console.error("Migration failed:", err instanceof Error ? err.message : err);
    process.exitCode = 1;
  })
  .finally(() => closeDb());
