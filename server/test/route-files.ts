import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { ApiRouteHandler } from "../http/api-route";

export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export interface WalkedRoute {
  /** `POST /sms/batches/[batchId]/cancel` */
  name: string;
  method: (typeof ROUTE_METHODS)[number];
  /** The path under /api/v1 with its `[segments]` as written. */
  route: string;
  handler: ApiRouteHandler;
  /** Every `[segment]` of the path, filled with "x". */
  params: Record<string, string>;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
}

/**
 * TEST HELPER: every route handler under `dir` (app/api/v1), imported, with what apiRoute() says of
 * it. The security suite walks them to prove a rule holds on every route, including the next one.
 * The OpenAPI document's own route is left out: it is no apiRoute().
 */
export async function walkRoutes(dir: string): Promise<WalkedRoute[]> {
  const out: WalkedRoute[] = [];
  for (const file of routeFiles(dir)) {
    const route = `/${path.relative(dir, path.dirname(file)).split(path.sep).join("/")}`;
    if (route === "/openapi.json") continue;
    const mod = (await import(/* @vite-ignore */ file)) as Partial<Record<string, ApiRouteHandler>>;
    for (const method of ROUTE_METHODS) {
      const handler = mod[method];
      if (!handler) continue;
      const name = `${method} ${route}`;
      if (!handler.routeOptions) throw new Error(`${name} is not an apiRoute()`);
      const params = Object.fromEntries([...route.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => [m[1]!, "x"]));
      out.push({ name, method, route, handler, params });
    }
  }
  return out;
}
