import { describe, expect, it } from "vitest";
import { migrationSteps } from "./migrate";

describe("migrationSteps", () => {
  it("is null for an ordinary migration (one transaction)", () => {
    expect(migrationSteps("CREATE TABLE a (id int);\n-- sg:step\nSELECT 1;")).toBeNull();
  });

  it("splits a migration in steps at its step lines, leaving out parts that are only comments", () => {
    const sql = [
      "-- sg:steps",
      "-- What this migration does.",
      "-- sg:step",
      "CREATE INDEX CONCURRENTLY a_idx ON a (id);",
      "-- sg:step",
      "-- a comment only",
      "-- sg:step",
      "SELECT 1;\nSELECT 2;",
    ].join("\n");
    expect(migrationSteps(sql)).toEqual(["CREATE INDEX CONCURRENTLY a_idx ON a (id);", "SELECT 1;\nSELECT 2;"]);
  });
});
