import { z } from "zod";
import type { PathModule } from "./types";

// app/api/health/route.ts and live/route.ts answer with literal objects rather than shared schemas; these mirror them.
const healthResponse = z
  .object({
    status: z.enum(["ok", "degraded"]),
    reason: z
      .enum(["shutting_down", "database_unavailable", "migrations_pending"])
      .optional()
      .meta({ description: "Why the instance should get no traffic (503 only)." }),
    database: z.object({
      ok: z.boolean(),
      kind: z.enum(["pglite", "postgres"]),
      latencyMs: z.number().int(),
      error: z.string().optional().meta({ description: "Why the database did not answer." }),
    }),
    migrations: z.object({
      ok: z.boolean(),
      pending: z.array(z.string()).meta({ description: "Migrations this version ships that the database lacks." }),
    }),
  })
  .meta({ id: "HealthResponse" });

const livenessResponse = z.object({ status: z.literal("ok") }).meta({ id: "LivenessResponse" });

export const healthPaths: PathModule = {
  tag: {
    name: "Health",
    description: "Readiness and liveness for load balancers and monitors. Outside `/api/v1`; no authentication.",
  },
  paths: {
    "/api/health": {
      get: {
        operationId: "getHealth",
        summary: "Readiness: database, migrations, shutdown",
        security: [],
        responses: {
          "200": {
            description: "The database answers, every migration is applied, and the instance is not shutting down.",
            content: { "application/json": { schema: healthResponse } },
          },
          "503": {
            description:
              "Send no traffic: the instance is shutting down (it still serves requests for SHUTDOWN_DRAIN_MS), " +
              "the database does not answer, or migrations are pending.",
            content: { "application/json": { schema: healthResponse } },
          },
        },
      },
    },
    "/api/health/live": {
      get: {
        operationId: "getLiveness",
        summary: "Liveness: the process answers (never touches the database)",
        security: [],
        responses: {
          "200": {
            description: "The process is up.",
            content: { "application/json": { schema: livenessResponse } },
          },
        },
      },
    },
  },
};
