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

const pglite: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    ...integration,
    name: "pglite",
    // Migrates one PGlite per run; every file's database is loaded from it (see setup-db.ts).
    globalSetup: ["server/test/pglite-template.ts"],
    env: { ...baseEnv, DATA_DIR: "memory://", DATABASE_URL: "" },
  },
};

// On PostgreSQL all files share one database: tests isolate themselves by seeding their own
// organization, and the migration runner is safe to call concurrently (advisory lock).
const testDatabaseUrl = process.env.TEST_DATABASE_URL;
const postgres: TestProjectInlineConfiguration | undefined = testDatabaseUrl
  ? {
      extends: true,
      test: {
        ...integration,
        name: "postgres",
        env: { ...baseEnv, DATA_DIR: "memory://", DATABASE_URL: testDatabaseUrl },
      },
    }
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
    projects: postgres ? [unit, pglite, postgres] : [unit, pglite],
  },
});
