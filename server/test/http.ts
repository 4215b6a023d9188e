import { expect } from "vitest";

type Handler = (
  req: Request,
  ctx?: { params: Promise<Record<string, string | string[]> | undefined> },
) => Promise<Response>;

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/** Call a route handler in-process with a real Request, the way Next.js does. */
export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const req = new Request(url, { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  // Like Next: routes without [segments] get a context whose params resolve to undefined.
  const res = await handler(req, { params: Promise.resolve(options.params) });
  const text = await res.text();
  // Non-JSON bodies (CSV exports and statements) are read through `text`.
  const isJson = (res.headers.get("content-type") ?? "application/json").includes("json");
  const json = text && isJson ? (JSON.parse(text) as unknown) : undefined;
  // Tests assert response bodies structurally; a loose type keeps them readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, json: json as any, text };
}

/** Assert the contract's error shape, and that requestId matches the X-Request-Id header. */
export function expectError(res: Awaited<ReturnType<typeof call>>, status: number, code: string) {
  expect({ status: res.status, code: res.json?.error?.code }).toEqual({ status, code });
  expect(typeof res.json.error.message).toBe("string");
  expect(res.json.error.requestId).toBe(res.headers.get("x-request-id"));
  // contract §16: every error links to its entry in the error reference.
  expect(res.json.error.docUrl).toMatch(new RegExp(`/docs/errors#${code}$`));
  expect(res.text).not.toMatch(/at .*\.ts:\d+|SELECT |prisma/i);
}

let counter = 0;
export function uniqueEmail(tag = "user"): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
