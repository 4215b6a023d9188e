import path from "node:path";
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import { defineConfig } from "prisma/config";

// The app never points the Prisma CLI at the app's database: migrations are applied by our own
// runner (server/db/migrate.ts, `npm run db:migrate`) and authored offline with
// `prisma migrate diff` (`npm run db:migration:new`), which only needs a scratch database.
// `engine: "js"` keeps the CLI on its wasm engines (no native binary download). The scratch
// database is an in-memory PGlite that is closed when the CLI disposes the adapter: an open
// PGlite keeps a process alive forever.
async function scratchAdapter(): Promise<SqlDriverAdapter> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const pglite = new PGlite();
  const adapter = await new PrismaPGlite(pglite).connect();
  const dispose = adapter.dispose.bind(adapter);
  adapter.dispose = async () => {
    await dispose();
    await pglite.close();
  };
  return adapter;
}

const scratch: SqlMigrationAwareDriverAdapterFactory = {
  provider: "postgres",
  adapterName: "pglite-scratch",
  connect: scratchAdapter,
  connectToShadowDb: scratchAdapter,
};

export default defineConfig({
  engine: "js",
  experimental: { adapter: true },
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  adapter: async () => scratch,
});
