import pg from "pg";

/**
 * One connection of the bench's own to the database under test, for reading (and seeding) tables
 * directly rather than through the server being measured.
 */
export class BenchPool {
  protected readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    this.pool.on("error", () => {});
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
