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
  return someCause(err, (v) => {
    for (const field of codesOf(v)) {
      if (PRISMA_CODES.has(field) || SOCKET_CODES.has(field) || SQLSTATE.test(field)) return true;
    }
    if (typeof v.kind === "string" && ADAPTER_KINDS.has(v.kind)) return true;
    return typeof v.message === "string" && MESSAGES.test(v.message);
  });
}

// Faults of the moment that the same work, run again, normally gets past: a serialization failure
// (40001), a deadlock (40P01), a lock or statement timeout (55P03, 57014), Prisma's transaction
// conflict (P2034) and its interactive transaction timing out (P2028).
const RETRY_CODES = new Set(["40001", "40P01", "55P03", "57014", "P2034", "P2028"]);

/**
 * Whether an error is the database's, not the work's: unreachable (isDatabaseUnavailable) or a
 * conflict of the moment. The background runners retry their whole pass on these; any other error
 * of one item sets that item aside (server/isolation/).
 */
export function isTransientDatabaseError(err: unknown): boolean {
  return isDatabaseUnavailable(err) || someCause(err, (v) => codesOf(v).some((code) => RETRY_CODES.has(code)));
}

function codesOf(v: Record<string, unknown>): string[] {
  return [v.code, v.originalCode, v.errorCode].filter((field): field is string => typeof field === "string");
}

/** Whether `test` holds for the error or one of the errors it wraps (Prisma, the adapters and pg nest them). */
function someCause(err: unknown, test: (value: Record<string, unknown>) => boolean): boolean {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== "object" || seen.has(value) || depth > 6) return false;
    seen.add(value);
    const v = value as Record<string, unknown>;
    if (test(v)) return true;
    return [v.cause, v.meta, v.driverAdapterError, v.originalError].some((next) => visit(next, depth + 1));
  };
  return visit(err, 0);
}
