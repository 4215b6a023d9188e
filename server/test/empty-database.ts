import { getDriver } from "../db/client";
import { openDriver, type Driver } from "../db/driver";
import { createThrowawayDatabase, postgresServerUrl } from "./postgres";

/** An empty database of the kind under test (in-memory PGlite, or a throwaway PostgreSQL database), closed after `fn`. */
export async function withEmptyDatabase(fn: (driver: Driver) => Promise<void>): Promise<void> {
  if (getDriver().kind === "pglite") {
    const driver = openDriver({ dataDir: "memory://" });
    try {
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
