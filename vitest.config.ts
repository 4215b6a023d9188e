import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

// Two kinds of tests (see the project conventions):
//   *.test.ts      pure unit tests, no database            -> project "unit"
//   *.int.test.ts  tests that touch the database, run twice -> projects "pglite" and "postgres"
// The postgres project needs a server: `node server/scripts/with-postgres.mjs npx vitest run`
// starts a throwaway one and sets TEST_DATABASE_URL (that is what `npm test` does).

const root = fileURLToPath(new URL(".", import.meta.url));

// A fixed 40-character secret so auth code behaves the same in every run.
const TEST_AUTH_SECRET = "test-only-auth-secret-0123456789abcdefgh";

const ignored = ["**/node_modules/**", "**/.next/**", "e2e/**", "**/.data*/**", "server/db/generated/**"];

const baseEnv = { NODE_ENV: "test" as const, AUTH_SECRET: TEST_AUTH_SECRET, LOG_LEVEL: "warn" };

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: "unit",
    include: ["**/*.test.ts"],
    exclude: [...ignored, "**/*.int.test.ts"],
    // Unit tests must not reach a real database even if the shell has DATABASE_URL set.
    env: { ...baseEnv, DATA_DIR: "memory://", DATABASE_URL: "" },
  },
};

// Each test file runs in its own module graph; setup-db migrates the file's database before its
// tests and closes it afterwards, so on PGlite every file gets a fresh in-memory database.
const integration = {
  include: ["**/*.int.test.ts"],
  exclude: ignored,
  setupFiles: ["server/test/setup-db.ts"],
  // PGlite's wasm start-up plus the migrations take a few seconds on a busy 2-core machine.
  hookTimeout: 60_000,
  testTimeout: 30_000,
};

// Files that measure latency (a p99 while this process works) run on their own, after the others,
// with no other test file beside them on the cores: project "<name>-alone", a later group
// (sequence.groupOrder) of one worker. Everything else runs on `maxWorkers` workers at a time.
const alone = ["app/api/v1/contacts/imports/import-latency.int.test.ts"];

/** A database project and its "-alone" twin, which takes the `alone` files out of it. */
function withAlone(project: TestProjectInlineConfiguration & { test: { name: string } }) {
  const { test } = project;
  return [
    { ...project, test: { ...test, exclude: [...ignored, ...alone] } },
    {
      ...project,
      test: { ...test, name: `${test.name}-alone`, include: alone, maxWorkers: 1, sequence: { groupOrder: 1 } },
    },
  ];
}

const pglite = withAlone({
  extends: true,
  test: {
    ...integration,
    name: "pglite",
    // Migrates one PGlite per run; every file's database is loaded from it (see setup-db.ts).
    globalSetup: ["server/test/pglite-template.ts"],
    env: { ...baseEnv, DATA_DIR: "memory://", DATABASE_URL: "" },
  },
});

// On PostgreSQL the run's database is migrated once and cloned for every worker
// (postgres-template.ts); a worker's files run one after another on its clone and isolate
// themselves by seeding their own organization.
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const postgres = testDatabaseUrl
  ? withAlone({
      extends: true,
      test: {
        ...integration,
        name: "postgres",
        globalSetup: ["server/test/postgres-template.ts"],
        env: { ...baseEnv, DATA_DIR: "memory://", DATABASE_URL: testDatabaseUrl },
      },
    })
  : undefined;

// The config is evaluated once per project (extends: true); say it once.
const notice = globalThis as typeof globalThis & { __sgPostgresNotice?: boolean };
if (!postgres && !notice.__sgPostgresNotice && !process.argv.some((a) => a.startsWith("--project"))) {
  notice.__sgPostgresNotice = true;
  console.warn(
    "[vitest] TEST_DATABASE_URL is not set: skipping the postgres project (run through `node server/scripts/with-postgres.mjs`)",
  );
}

export default defineConfig({
  resolve: {
    // "signalgate" as tsconfig.json maps it: the CLI's tests run against the SDK's source, not a build.
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      { find: /^signalgate$/, replacement: `${root}/sdk/src/index.ts` },
    ],
  },
  test: {
    pool: "forks",
    isolate: true,
    // vitest's default is cores − 1, a single worker on a 2-core machine: a second one overlaps one
    // file's waiting (PostgreSQL, HTTP, child processes) with another's work (docs/testing.md).
    // The projects inherit this value, so `--maxWorkers` on the command line does not change it:
    // `--no-file-parallelism` (or VITEST_MAX_WORKERS=1) runs one file at a time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [unit, ...pglite, ...(postgres ?? [])],
  },
});
