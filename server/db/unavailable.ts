// Whether an error means the database cannot be reached (stopped, restarting, refusing or dropping
// connections), as opposed to a fault of this request. The REST error mapper and the tRPC
// formatter answer such errors 503 `service_unavailable` with Retry-After (contract §12, Faults).

// Prisma: can't reach (P1001), timed out (P1002, P1008), connection closed (P1017), pool
// exhausted (P2024), too many connections (P2037).
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
// PostgreSQL SQLSTATE: 08xxx connection exceptions, 57P01–57P03 shutdown / cannot connect now,
// 53300 too many connections.
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|Can't reach database server|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|terminating connection due to administrator command|the database system is (shutting down|starting up|in recovery mode)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== "object" || seen.has(value) || depth > 6) return false;
    seen.add(value);
    const v = value as Record<string, unknown>;
    for (const field of [v.code, v.originalCode, v.errorCode]) {
      if (typeof field !== "string") continue;
      if (PRISMA_CODES.has(field) || SOCKET_CODES.has(field) || SQLSTATE.test(field)) return true;
    }
    if (typeof v.kind === "string" && ADAPTER_KINDS.has(v.kind)) return true;
    if (typeof v.message === "string" && MESSAGES.test(v.message)) return true;
    return [v.cause, v.meta, v.driverAdapterError, v.originalError].some((next) => visit(next, depth + 1));
  };
  return visit(err, 0);
}
