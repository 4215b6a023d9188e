import { ERROR_STATUS, type ErrorCode } from "../errors";

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const ERROR_REF = "#/components/schemas/Error";

export interface DocumentOperation {
  key: string;
  path: string;
  method: string;
  op: Json;
}

export function documentOperations(doc: Json): DocumentOperation[] {
  return Object.entries((doc.paths ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op: op as Json })),
  );
}

function resolver(doc: Json) {
  return function deref(value: unknown): Json {
    let current = value as Json;
    for (let hops = 0; typeof current?.$ref === "string"; hops++) {
      const ref = current.$ref;
      if (hops > 10 || !ref.startsWith("#/")) throw new Error(`Cannot resolve $ref ${ref}`);
      current = ref
        .slice(2)
        .split("/")
        .reduce<Json>((node, part) => {
          const next = node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")];
          if (next === undefined) throw new Error(`Unresolved $ref ${ref}`);
          return next as Json;
        }, doc);
    }
    return current;
  };
}

function collectRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => collectRefs(n, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else collectRefs(value, found);
    }
  }
  return found;
}

/**
 * Everything wrong with a document, as readable sentences (empty = fine): the OpenAPI 3.1 shape we
 * rely on, and contract.md §1 for every /api/v1 operation (error statuses, the Error body,
 * X-Request-Id everywhere, WWW-Authenticate on 401, Retry-After and X-RateLimit-* on 429).
 */
export function documentProblems(doc: Json): string[] {
  const problems: string[] = [];
  const deref = resolver(doc);
  const components = (doc.components ?? {}) as Json;
  const schemes = Object.keys((components.securitySchemes ?? {}) as Json);
  const tags = new Set(((doc.tags ?? []) as { name: string }[]).map((t) => t.name));

  if (doc.openapi !== "3.1.0") problems.push(`openapi is ${String(doc.openapi)}, not 3.1.0`);
  const info = (doc.info ?? {}) as Json;
  if (typeof info.title !== "string" || typeof info.version !== "string") problems.push("info needs title and version");
  if (!((components.schemas ?? {}) as Json).Error) problems.push("components.schemas has no Error");
  for (const ref of collectRefs(doc)) {
    try {
      deref({ $ref: ref });
    } catch (err) {
      problems.push((err as Error).message);
    }
  }
  for (const path of Object.keys((doc.paths ?? {}) as Json)) {
    if (!/^\/[^\s?#]*$/.test(path)) problems.push(`path ${path} is not a plain absolute path`);
  }

  const ids = new Set<unknown>();
  for (const { key, path, op } of documentOperations(doc)) {
    const fail = (what: string) => problems.push(`${key}: ${what}`);
    if (typeof op.operationId !== "string" || !op.operationId) fail("no operationId");
    else if (ids.has(op.operationId)) fail(`duplicate operationId ${op.operationId}`);
    ids.add(op.operationId);
    const opTags = (op.tags ?? []) as string[];
    if (opTags.length === 0 || !opTags.every((t) => tags.has(t)))
      fail(`tags ${JSON.stringify(opTags)} not declared at top level`);
    if (!Array.isArray(op.security)) fail("security is not explicit");
    for (const requirement of (op.security ?? []) as Json[]) {
      for (const scheme of Object.keys(requirement))
        if (!schemes.includes(scheme)) fail(`unknown security scheme ${scheme}`);
    }
    const params = ((op.parameters ?? []) as unknown[]).map((p) => deref(p));
    for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
      if (!params.some((p) => p.in === "path" && p.name === name && p.required === true))
        fail(`path parameter ${name} not declared`);
    }

    const responses = (op.responses ?? {}) as Record<string, unknown>;
    for (const [status, raw] of Object.entries(responses)) {
      const response = deref(raw);
      if (!/^[1-5]\d\d$/.test(status)) fail(`response key ${status} is not a status code`);
      if (typeof response.description !== "string") fail(`${status} has no description`);
    }
    if (!path.startsWith("/api/v1/")) continue;

    const statuses = Object.keys(responses).map(Number);
    if (statuses.filter((s) => s < 400).length !== 1) fail("needs exactly one success response");
    const required = [500];
    if (op.requestBody) required.push(400, 413, 415);
    const security = (op.security ?? []) as Json[];
    if (security.length > 0) required.push(401);
    // The operator's routes are not an organization's traffic: no organization rate limit applies.
    if (security.some((r) => !Object.keys(r).includes("operatorToken"))) required.push(429);
    for (const status of required) if (!statuses.includes(status)) fail(`does not declare ${status}`);

    for (const [status, raw] of Object.entries(responses)) {
      const response = deref(raw);
      const headers = Object.keys((response.headers ?? {}) as Json);
      const missingHeader = (name: string) => !headers.includes(name) && fail(`${status} lacks the ${name} header`);
      missingHeader("X-Request-Id");
      if (Number(status) < 400) continue;
      if (status === "401") missingHeader("WWW-Authenticate");
      if (status === "429")
        ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"].forEach(missingHeader);
      const media = ((response.content ?? {}) as Json)["application/json"] as Json | undefined;
      if ((media?.schema as Json | undefined)?.$ref !== ERROR_REF) fail(`${status} body is not the Error schema`);
      const listed = [...String(response.description ?? "").matchAll(/`([a-z_]+)`/g)].map((m) => m[1] as string);
      if (listed.length === 0) fail(`${status} names no error code`);
      for (const code of listed) {
        if (ERROR_STATUS[code as ErrorCode] !== Number(status))
          fail(`${status} lists ${code}, which the server answers with another status`);
      }
      const exampleCode = ((media?.example as Json | undefined)?.error as Json | undefined)?.code;
      if (typeof exampleCode !== "string" || !listed.includes(exampleCode))
        fail(`${status} example is not one of its codes`);
    }
  }
  return problems;
}
