import { clientIp } from "../http/client-ip";

/** Where a request came from, as far as the server can tell (IP null when unknown). */
export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

/**
 * Who makes a change, for the audit log. Both surfaces build it: the REST wrapper from the
 * authenticated caller (server/http/api-route.ts), tRPC from the dashboard session
 * (server/trpc/init.ts). "system" is for seeds and scripts that change things outside a request.
 */
export type AuditActor = RequestOrigin &
  ({ type: "user"; userId: string } | { type: "apiKey"; apiKeyId: string } | { type: "system" });

export const SYSTEM_ACTOR: AuditActor = { type: "system", ip: null, userAgent: null };

export function originOf(req: Request): RequestOrigin {
  return { ip: clientIp(req), userAgent: req.headers.get("user-agent") };
}

export function userActor(userId: string, origin: RequestOrigin): AuditActor {
  return { type: "user", userId, ip: origin.ip, userAgent: origin.userAgent };
}
