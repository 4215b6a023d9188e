import { getDriver } from "../db/client";
import { openDriver, rawQuery, type Driver } from "../db/driver";
import { createThrowawayDatabase, postgresServerUrl } from "./postgres";

/** An empty database of the kind under test (in-memory PGlite, or a throwaway PostgreSQL database), closed after `fn`. */
export async function withEmptyDatabase(fn: (driver: Driver) => Promise<void>): Promise<void> {
  if (getDriver().kind === "pglite") {
    const driver = openDriver({ dataDir: "memory://" });
    try {
      // PGlite starts its wasm on the first query, which takes seconds on a loaded machine: started
      // here, so the test's own queries (readiness has a 3 s timeout) measure the database only.
      await rawQuery(driver, "SELECT 1");
      await fn(driver);
    } finally {
      await driver.close();
    }
    return;
  }
  const database = await createThrowawayDatabase(postgresServerUrl());
  const driver = openDriver({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 });
  try {
    await fn(driver);
  } finally {
    await driver.close();
    await database.drop();
  }
}
