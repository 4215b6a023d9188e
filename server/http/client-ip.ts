import { timingSafeEqual } from "node:crypto";
import { getEnv } from "../env";

declare global {
  var __signalgateEdgeToken: string | undefined;
}

function fromOurServer(req: Request): boolean {
  const expected = globalThis.__signalgateEdgeToken;
  const given = req.headers.get("x-sg-edge");
  if (!expected || !given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * The caller's IP as recorded by server/serve.mjs. When the request did not pass through it (a
 * bare `next start`), X-Forwarded-For is used only with TRUST_PROXY=true; otherwise the address
 * is unknown and IP-restricted keys fail closed.
 */
export function clientIp(req: Request): string | null {
  if (fromOurServer(req)) return req.headers.get("x-sg-client-ip") || null;
  if (getEnv().TRUST_PROXY) {
    return req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || null;
  }
  return null;
}
