import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiDocument, getOpenApiDocument } from "./document";
import { documentOperations, documentProblems } from "./document-problems";
import { errors } from "./errors";
import { operation } from "./operation";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const API_V1 = path.join(ROOT, "app/api/v1");
/** Documented routes outside /api/v1 (the public REST surface only: not next-auth, tRPC, Inngest). */
const EXTRA_ROUTE_FILES = ["app/api/health/route.ts", "app/api/health/live/route.ts", "app/l/[code]/route.ts"];
const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

type Json = Record<string, unknown>;
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Json;

/** Exported HTTP method handlers of a route file, read from its source (importing would need a database). */
function exportedMethods(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const names = new Set<string>();
  for (const m of code.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+([A-Za-z_$][\w$]*)/g))
    names.add(m[1] ?? "");
  // export { handler as GET, POST }   and   export const { GET, POST } = handlers
  for (const m of code.matchAll(/export\s+(?:const\s*)?\{([^}]*)\}/g)) {
    for (const part of (m[1] ?? "").split(",")) {
      const name = part
        .split(/\s+as\s+|:/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  return [...names].filter((n) => HTTP_METHODS.includes(n)).sort();
}

/** route.ts files under dir, without catch-alls ([...x], [[...x]]) and the document's own route. */
function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      return /^\[\[?\.\.\./.test(entry) || entry === "openapi.json" ? [] : routeFiles(full);
    }
    return entry === "route.ts" ? [full] : [];
  });
}

/** app/api/v1/sms/[messageId]/status/route.ts → /api/v1/sms/{messageId}/status (route groups dropped). */
function routePath(file: string): string {
  const segments = path.relative(path.join(ROOT, "app"), path.dirname(file)).split(path.sep);
  return (
    "/" +
    segments
      .filter((s) => !/^\(.*\)$/.test(s))
      .map((s) => s.replace(/^\[(.+)\]$/, "{$1}"))
      .join("/")
  );
}

function operationsInRouteTree(): string[] {
  const files = [...routeFiles(API_V1), ...EXTRA_ROUTE_FILES.map((f) => path.join(ROOT, f))];
  return files.flatMap((file) => {
    const methods = exportedMethods(readFileSync(file, "utf8"));
    if (methods.length === 0)
      throw new Error(`${path.relative(ROOT, file)} exports no HTTP method this test recognizes`);
    return methods.map((m) => `${m} ${routePath(file)}`);
  });
}

/** A document from synthetic operations covering what the auth routes do not: JWT, API key, params, idempotency. */
function sampleDocument(): Json {
  const keyId = z.object({ id: z.string().meta({ description: "The key id." }) });
  return asJson(
    buildOpenApiDocument([
      {
        tag: { name: "Samples" },
        paths: {
          "/api/v1/samples/{id}": {
            patch: operation({
              operationId: "updateSample",
              summary: "JWT with a role check and a path parameter",
              auth: "jwt",
              allow: "apiKeys.manage",
              params: keyId,
              body: z.strictObject({ name: z.string().optional() }),
              bodyExample: { name: "Renamed" },
              success: { status: 200, description: "ok", schema: z.object({ id: z.string() }) },
              errors: ["not_found"],
            }),
            delete: operation({
              operationId: "deleteSample",
              summary: "Path parameter left to the builder",
              auth: "jwt",
              success: { status: 204, description: "gone" },
            }),
          },
          "/api/v1/samples/send": {
            post: operation({
              operationId: "sendSample",
              summary: "API key with scope and idempotency",
              auth: "apiKey",
              scope: "sms.send",
              rateLimit: "sms.send",
              idempotent: true,
              body: z.strictObject({ to: z.string() }),
              bodyExample: { to: "+14155550123" },
              success: { status: 202, description: "queued", schema: z.object({ messageId: z.string() }) },
            }),
          },
        },
      },
    ]),
  );
}

const doc = asJson(buildOpenApiDocument());

describe("exportedMethods (the route-file reader this test relies on)", () => {
  it("recognizes every export form route files use, and ignores comments", () => {
    expect(exportedMethods("export const POST = apiRoute({}, h);")).toEqual(["POST"]);
    expect(exportedMethods("export async function GET() {}\nexport function DELETE() {}")).toEqual(["DELETE", "GET"]);
    expect(exportedMethods("export { notFound as GET, notFound as POST, PATCH };")).toEqual(["GET", "PATCH", "POST"]);
    expect(exportedMethods("export const { GET, POST, PUT } = serve({});")).toEqual(["GET", "POST", "PUT"]);
    expect(
      exportedMethods('export const dynamic = "force-dynamic";\n// export const GET = x;\n/* export const PUT */'),
    ).toEqual([]);
  });
});

describe("the OpenAPI document", () => {
  it("documents exactly the routes in the app's route tree", () => {
    const inTree = operationsInRouteTree().sort();
    const inDoc = documentOperations(doc)
      .map((o) => o.key)
      .sort();
    expect(inTree).toContain("POST /api/v1/auth/token"); // the walk itself found the tree
    expect(
      inTree.filter((k) => !inDoc.includes(k)),
      "routes missing from the document (add them under server/openapi/paths)",
    ).toEqual([]);
    expect(
      inDoc.filter((k) => !inTree.includes(k)),
      "documented operations with no route",
    ).toEqual([]);
  });

  it("has the OpenAPI 3.1 shape and declares the contract's error responses everywhere", () => {
    expect(documentProblems(doc)).toEqual([]);
  });

  it("carries the product's info, relative server and security schemes", () => {
    expect(doc.info).toMatchObject({
      title: "SignalGate API",
      version: "1.0.0",
      description: expect.stringMatching(/sg_test_/),
    });
    expect(doc.servers).toEqual([expect.objectContaining({ url: "/" })]);
    const components = doc.components as Record<string, Json>;
    expect((components.schemas?.Error as Json).properties).toHaveProperty("error");
    expect(components.securitySchemes?.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(components.securitySchemes?.accessToken).toMatchObject({
      type: "http",
      scheme: "bearer",
      bearerFormat: "JWT",
    });
  });

  it("documents /api/health with its 200 and 503 answers and no authentication", () => {
    const health = (doc.paths as Record<string, Record<string, Json>>)["/api/health"]?.get;
    expect(Object.keys(health?.responses as Json).sort()).toEqual(["200", "503"]);
    expect(health?.security).toEqual([]);
  });

  it("gives every JSON request body an example that runs as written (issue 39)", () => {
    const bodies = documentOperations(doc).flatMap(({ key, op }) => {
      const json = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"];
      return json ? [{ key, example: (json as Json).example }] : [];
    });
    expect(bodies.length).toBeGreaterThan(30);
    expect(bodies.filter((b) => b.example === undefined).map((b) => b.key)).toEqual([]);
    const byKey = Object.fromEntries(bodies.map((b) => [b.key, b.example]));
    // The three samples the walk copied: a body, no fixed sendAt; a code to check.
    expect(byKey["POST /api/v1/sms/send"]).toEqual({ to: "+14155550123", body: expect.stringMatching(/\S/) });
    expect(byKey["POST /api/v1/otp/verify"]).toMatchObject({ code: expect.stringMatching(/^\d{6}$/) });
    // Nothing empty, nothing dated: a date in an example is in the past one day.
    const text = JSON.stringify(bodies.map((b) => b.example));
    expect(text).not.toContain('""');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    // A parameter's example goes into every curl sample: the Idempotency-Key has none.
    const idempotencyKey = (doc.components as Record<string, Record<string, Json>>).parameters?.["Idempotency-Key"];
    expect(idempotencyKey?.example ?? (idempotencyKey?.schema as Json | undefined)?.example).toBeUndefined();
  });

  it("is built once per process and served as that JSON", () => {
    const first = getOpenApiDocument();
    expect(getOpenApiDocument()).toBe(first);
    expect(JSON.parse(first.json)).toEqual(asJson(first.document));
  });
});

describe("operation()", () => {
  const sample = sampleDocument();
  const ops = Object.fromEntries(documentOperations(sample).map((o) => [o.op.operationId as string, o.op]));

  it("derives the error responses from the route's options", () => {
    expect(documentProblems(sample)).toEqual([]);
    expect(Object.keys(ops.updateSample?.responses as Json)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "413",
      "415",
      "429",
      "500",
      "503",
    ]);
    expect(Object.keys(ops.deleteSample?.responses as Json)).toEqual(["204", "400", "401", "429", "500", "503"]);
    expect((ops.deleteSample?.responses as Json)["503"]).toMatchObject({
      description: expect.stringContaining("`service_unavailable`"),
      headers: { "Retry-After": expect.anything() },
    });
    expect(Object.keys(ops.sendSample?.responses as Json)).toEqual([
      "202",
      "400",
      "401",
      "403",
      "409",
      "413",
      "415",
      "422",
      "429",
      "500",
      "503",
    ]);
    expect(ops.sendSample?.security).toEqual([{ apiKey: [] }]);
    expect(ops.updateSample?.security).toEqual([{ accessToken: [] }]);
    expect(ops.sendSample?.description).toContain("`sms.send` permission");
    expect(ops.updateSample?.description).toContain("Roles allowed: owner, admin, developer.");
  });

  it("adds the Idempotency-Key header and the success headers", () => {
    expect(ops.sendSample?.parameters).toContainEqual({ $ref: "#/components/parameters/Idempotency-Key" });
    const ok = (ops.sendSample?.responses as Record<string, Json>)["202"];
    expect(Object.keys(ok?.headers as Json)).toEqual(
      expect.arrayContaining([
        "X-Request-Id",
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
        "Idempotent-Replayed",
      ]),
    );
    expect((ok?.headers as Record<string, Json>)["X-RateLimit-Limit"]?.required).not.toBe(true);
  });

  it("marks a body optional exactly when an empty object passes", () => {
    expect((ops.updateSample?.requestBody as Json).required).toBe(false);
    expect((ops.sendSample?.requestBody as Json).required).toBe(true);
  });
});

describe("documentProblems()", () => {
  // The check must be able to fail: break a correct document in the ways that matter.
  const broken = (mutate: (paths: Record<string, Record<string, Json>>) => void) => {
    const copy = sampleDocument();
    mutate(copy.paths as Record<string, Record<string, Json>>);
    return documentProblems(copy);
  };
  const responses = (paths: Record<string, Record<string, Json>>, p: string, m: string) =>
    paths[p]?.[m]?.responses as Record<string, Json>;

  it("reports a code listed under the wrong status", () => {
    expect(
      broken((p) => {
        const r403 = responses(p, "/api/v1/samples/send", "post")["403"] as Json;
        r403.description = `${String(r403.description)}\n- \`rate_limited\`: wrong place`;
      }),
    ).toEqual(["POST /api/v1/samples/send: 403 lists rate_limited, which the server answers with another status"]);
  });

  it("reports missing error statuses, headers and bodies", () => {
    expect(broken((p) => delete responses(p, "/api/v1/samples/send", "post")["500"])).toEqual([
      "POST /api/v1/samples/send: does not declare 500",
    ]);
    expect(
      broken((p) => delete (responses(p, "/api/v1/samples/send", "post")["429"]?.headers as Json)["Retry-After"]),
    ).toEqual(["POST /api/v1/samples/send: 429 lacks the Retry-After header"]);
    expect(
      broken((p) => {
        const r401 = responses(p, "/api/v1/samples/{id}", "delete")["401"] as Json;
        r401.content = { "application/json": { schema: { type: "object" } } };
      }),
    ).toEqual([
      "DELETE /api/v1/samples/{id}: 401 body is not the Error schema",
      "DELETE /api/v1/samples/{id}: 401 example is not one of its codes",
    ]);
  });

  it("reports undeclared path parameters and broken references", () => {
    expect(broken((p) => delete p["/api/v1/samples/{id}"]?.delete?.parameters)).toEqual([
      "DELETE /api/v1/samples/{id}: path parameter id not declared",
    ]);
    expect(
      broken((p) => {
        (responses(p, "/api/v1/samples/send", "post")["202"] as Json).content = {
          "application/json": { schema: { $ref: "#/components/schemas/Nope" } },
        };
      }),
    ).toEqual(["Unresolved $ref #/components/schemas/Nope"]);
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("serves the document as JSON with a request id", async () => {
    const { GET } = await import("@/app/api/v1/openapi.json/route");
    const res = await GET(
      new Request("http://localhost/api/v1/openapi.json", { headers: { "x-request-id": "req_test_1" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("x-request-id")).toBe("req_test_1");
    expect(await res.json()).toEqual(asJson(getOpenApiDocument().document));
  });
});

describe("errors()", () => {
  it("groups codes by their ERROR_STATUS and always adds 500", () => {
    const responses = errors("unauthenticated", "token_expired", "forbidden", "rate_limited");
    expect(Object.keys(responses)).toEqual(["401", "403", "429", "500"]);
    expect(responses["401"]?.description).toContain(
      "- [`unauthenticated`](/docs/errors#unauthenticated): Authentication is required.",
    );
    expect(responses["401"]?.description).toContain("- [`token_expired`](/docs/errors#token_expired): ");
    expect(responses["401"]?.content?.["application/json"]?.example).toMatchObject({
      error: { code: "unauthenticated", docUrl: expect.stringMatching(/\/docs\/errors#unauthenticated$/) },
    });
    expect(responses["500"]?.description).toContain("`internal_error`");
  });
});
