import os from "node:os";
import { gitCommit, writeReport } from "./results-file";

/**
 * `--only <part>`: print the part's heading and figures, and write its report beside latest.json
 * (bench-results/<time>-postgres-<part>.json), never over it.
 */
export function reportPartOnly(
  part:
    | "webhooks"
    | "smpp"
    | "retention"
    | "billing"
    | "growth"
    | "contacts"
    | "scheduled"
    | "events"
    | "trust"
    | "campaigns"
    | "links"
    | "observability"
    | "imports"
    | "shutdown"
    | "live-delivery",
  title: string,
  loadAtStart: number[],
  print: () => void,
  figures: unknown,
  database: "postgres" | "pglite" = "postgres",
): void {
  console.log("");
  const label = database === "postgres" ? "PostgreSQL (throwaway, via TEST_DATABASE_URL)" : "PGlite (embedded)";
  console.log(
    `SignalGate bench, ${title} only — ${label}; ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
  );
  print();
  writeReport(
    {
      generatedAt: new Date().toISOString(),
      only: part,
      commit: gitCommit(),
      database,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg(),
      [part]: figures,
    },
    database,
    false,
    `-${part}`,
  );
}
