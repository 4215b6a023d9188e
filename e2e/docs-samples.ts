import { execFile } from "node:child_process";
import { promisify } from "node:util";
// The code /docs runs to write its curl samples (Scalar 0.8's api-client, a dependency of
// @scalar/api-reference-react): the samples this file runs are the ones a reader copies. The package
// does not export this helper by name, so it is imported by its file.
import { generateCodeSnippet } from "../node_modules/@scalar/api-client/dist/v2/blocks/operation-code-sample/helpers/generate-code-snippet.js";

type Json = Record<string, unknown>;

/** The document with every local `$ref` replaced by what it points to (Scalar's store does this in the browser). */
export function dereference(doc: Json): Json {
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split("/")
      .reduce<unknown>((node, part) => (node as Json)[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
  const walk = (value: unknown, depth: number): unknown => {
    if (depth > 50) throw new Error("a $ref cycle");
    if (Array.isArray(value)) return value.map((v) => walk(v, depth + 1));
    if (value && typeof value === "object") {
      const ref = (value as Json).$ref;
      if (typeof ref === "string" && ref.startsWith("#/")) return walk(resolve(ref), depth + 1);
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, depth + 1)]));
    }
    return value;
  };
  return walk(doc, 0) as Json;
}

export interface JsonBodyOperation {
  operationId: string;
  method: string;
  path: string;
  security: string[];
  op: Json;
}

/** Every operation whose request body is JSON, in document order. */
export function jsonBodyOperations(doc: Json): JsonBodyOperation[] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) => {
      const content = ((op as Json).requestBody as Json | undefined)?.content as Json | undefined;
      if (!content?.["application/json"]) return [];
      const security = ((op as Json).security as Json[]).flatMap((s) => Object.keys(s));
      return [{ operationId: (op as Json).operationId as string, method, path, security, op: op as Json }];
    }),
  );
}

/** The curl command /docs shows for an operation, with `token` where the reader's credential goes. */
export function curlSample(doc: Json, operation: JsonBodyOperation, origin: string, token: string | null): string {
  const schemes = (doc.components as Json).securitySchemes as Record<string, Json>;
  const scheme = operation.security[0];
  // Scalar types its store's documents; this is the same JSON with the references resolved.
  const options = {
    clientId: "shell/curl",
    operation: operation.op,
    method: operation.method,
    path: operation.path,
    server: { url: origin },
    securitySchemes: scheme && token ? [{ ...schemes[scheme], "x-scalar-secret-token": token }] : [],
    includeDefaultHeaders: false,
  } as unknown as Parameters<typeof generateCodeSnippet>[0];
  const snippet = generateCodeSnippet(options) as string;
  if (!snippet.startsWith("curl ")) throw new Error(`no curl sample for ${operation.operationId}: ${snippet}`);
  return snippet;
}

const run = promisify(execFile);

/** Runs a copied curl command in a shell, as a reader would; answers the HTTP status and the body. */
export async function runCurl(command: string): Promise<{ status: number; body: string }> {
  const { stdout } = await run("bash", [
    "-c",
    `${command.trimEnd()} --silent --show-error --write-out '\\n%{http_code}'`,
  ]);
  const cut = stdout.lastIndexOf("\n");
  return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
}
