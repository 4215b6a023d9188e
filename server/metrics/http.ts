import { requestSpan } from "../tracing/spans";
import { metrics } from "./registry";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A label no path can turn into a new series. */
export const UNMATCHED_ROUTE = "unmatched";

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The route template of a request (`/api/v1/sms/[messageId]/status`), from its path and the
 * params Next matched: each param's segment becomes `[name]` (`[...name]` for a catch-all). A
 * static route's path is its template, since only that exact path reaches it. Anything that does
 * not line up answers UNMATCHED_ROUTE, so a label never carries a caller's id or text.
 */
export function routeTemplate(
  pathname: string,
  params: Record<string, string | string[] | undefined> | undefined,
): string {
  const segments = pathname.split("/");
  const names = segments.map(() => null as string | null);
  let from = 1;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value === undefined) continue;
    const parts = Array.isArray(value) ? value : [value];
    const at = findRun(segments, parts, from);
    if (at < 0) return UNMATCHED_ROUTE;
    for (let i = at; i < at + parts.length; i++) names[i] = "";
    names[at] = Array.isArray(value) ? `[...${name}]` : `[${name}]`;
    from = at + parts.length;
  }
  return segments
    .map((s, i) => names[i] ?? s)
    .filter((s, i) => names[i] !== "")
    .join("/");
}

function findRun(segments: string[], parts: string[], from: number): number {
  outer: for (let at = from; at + parts.length <= segments.length; at++) {
    for (let k = 0; k < parts.length; k++) {
      const s = segments[at + k] ?? "";
      if (s !== parts[k] && decoded(s) !== parts[k]) continue outer;
    }
    return at;
  }
  return -1;
}

/** Count one answered request and its duration. */
export function observeHttp(route: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  const verb = METHODS.has(method) ? method : "OTHER";
  m.httpRequests.inc({ route, method: verb, status: String(status) });
  m.httpDuration.observe({ route, method: verb }, seconds);
}

/** Run a handler and count its answer under `route` (computed afterwards: params resolve late). */
export async function measureHttp(
  req: Request,
  route: () => string | Promise<string>,
  run: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  let status = 500;
  let template: string | undefined;
  try {
    // The span is named once the route is known: params resolve while the handler runs.
    return await requestSpan(req.method, "request", async (span) => {
      const response = await run();
      status = response.status;
      template = await route();
      span?.updateName(`${req.method} ${template}`);
      span?.setAttributes({ "http.route": template, "http.response.status_code": status });
      return response;
    });
  } finally {
    observeHttp(template ?? (await route()), req.method, status, (performance.now() - started) / 1000);
  }
}
