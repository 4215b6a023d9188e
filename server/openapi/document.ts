import { z } from "zod";
import {
  createDocument,
  type oas31,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathItemObject,
  type ZodOpenApiPathsObject,
} from "zod-openapi";
import { errorBodySchema } from "@/schemas/common";
import { codeSamplesFor } from "./code-samples";
import { API_DESCRIPTION } from "./info";
import { PATH_MODULES } from "./paths";
import type { PathModule } from "./paths/types";

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

function declaredPathParams(op: ZodOpenApiOperationObject): Set<string> {
  const schema = op.requestParams?.path;
  const fromSchema = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  const fromList = (op.parameters ?? []).flatMap((p) => ("in" in p && p.in === "path" ? [p.name] : []));
  return new Set([...fromSchema, ...fromList]);
}

/** Tag every operation with its module and declare any `{param}` the operation left out (copies; modules stay untouched). */
function collectPaths(modules: PathModule[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const area of modules) {
    for (const [path, item] of Object.entries(area.paths)) {
      if (path in paths) throw new Error(`OpenAPI path ${path} is declared by two modules`);
      const templateParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      const copy: ZodOpenApiPathItemObject = { ...item };
      for (const method of HTTP_METHODS) {
        const op = item[method];
        if (!op) continue;
        const declared = declaredPathParams(op);
        const missing = templateParams.filter((name) => !declared.has(name));
        const samples = codeSamplesFor(op.operationId);
        copy[method] = {
          ...op,
          tags: op.tags ?? [area.tag.name],
          ...(samples.length ? { "x-codeSamples": samples } : {}),
          ...(missing.length
            ? {
                parameters: [
                  ...(op.parameters ?? []),
                  ...missing.map((name) => ({
                    name,
                    in: "path" as const,
                    required: true,
                    schema: { type: "string" as const },
                  })),
                ],
              }
            : {}),
        };
      }
      paths[path] = copy;
    }
  }
  return paths;
}

/** The whole document; `modules` defaults to every registered area (tests pass their own). */
export function buildOpenApiDocument(modules: PathModule[] = PATH_MODULES): oas31.OpenAPIObject {
  return createDocument(
    {
      openapi: "3.1.0",
      info: { title: "SignalGate API", version: "1.0.0", description: API_DESCRIPTION },
      servers: [{ url: "/", description: "This server" }],
      tags: modules.map((m) => m.tag),
      paths: collectPaths(modules),
      components: {
        schemas: { Error: errorBodySchema },
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "sg_live_… / sg_test_…",
            description:
              "An API key: `sg_live_` (production) or `sg_test_` (sandbox) followed by 40 characters. " +
              "For the SMS and OTP endpoints.",
          },
          accessToken: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "An access token from `POST /api/v1/auth/token` (15 minutes). For the management endpoints.",
          },
          operatorToken: {
            type: "http",
            scheme: "bearer",
            description: "The service operator's `OPERATOR_TOKEN` (server setting). For `/api/v1/operator/*` only.",
          },
        },
      },
    },
    {
      // Response objects are `z.object` (extra keys stripped on input), which zod renders as
      // additionalProperties: false on output. Clients must tolerate fields added later, so only
      // strict request schemas keep that flag.
      override: ({ jsonSchema, zodSchema, io }) => {
        // z.number().int() carries the safe-integer range, which says nothing to a reader.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        const def = zodSchema._zod.def as { type: string; catchall?: { _zod: { def: { type: string } } } };
        if (io === "output" && def.type === "object" && def.catchall?._zod.def.type !== "never") {
          delete jsonSchema.additionalProperties;
        }
      },
    },
  );
}

let cached: { document: oas31.OpenAPIObject; json: string } | undefined;

/** Built once per process: the schemas cannot change while it runs. */
export function getOpenApiDocument(): { document: oas31.OpenAPIObject; json: string } {
  if (!cached) {
    const document = buildOpenApiDocument();
    cached = { document, json: JSON.stringify(document) };
  }
  return cached;
}
