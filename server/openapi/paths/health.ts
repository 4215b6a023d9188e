import { z } from "zod";
import type { PathModule } from "./types";

// app/api/health/route.ts answers with a literal object rather than a shared schema; this mirrors it.
const healthResponse = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({
      ok: z.boolean(),
      kind: z.enum(["pglite", "postgres"]),
      latencyMs: z.number().int(),
      error: z.string().optional().meta({ description: "Why the database did not answer." }),
    }),
  })
  .meta({ id: "HealthResponse" });

export const healthPaths: PathModule = {
  tag: {
    name: "Health",
    description: "Liveness for load balancers and monitors. Outside `/api/v1`; no authentication.",
  },
  paths: {
    "/api/health": {
      get: {
        operationId: "getHealth",
        summary: "Service and database health",
        security: [],
        responses: {
          "200": {
            description: "The service and its database answer.",
            content: { "application/json": { schema: healthResponse } },
          },
          "503": {
            description: "The database does not answer.",
            content: { "application/json": { schema: healthResponse } },
          },
        },
      },
    },
  },
};
