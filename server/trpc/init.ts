import { initTRPC, TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db } from "../db/client";
import { AppError, serviceUnavailable, zodIssuesToDetails } from "../errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { assertStorable } from "../http/storable-text";
import { logFailedProcedure } from "../request-logs/record-procedure";
import { publicError } from "./error-shape";
import { can, type Action } from "@/schemas/roles";
import { dashboardMember } from "./dashboard-member";
import { userActor, type RequestOrigin } from "../audit/actor";

/** The part of the next-auth session the API relies on (tests build it by hand). */
export interface SessionLike {
  user?: { id?: string | null; email?: string | null; name?: string | null } | null;
  /** The dashboard session row (`ses_…`, contract §14): current in the sessions list. */
  sessionId?: string | null;
}

export interface TRPCContext {
  db: Db;
  session: SessionLike | null;
  /** Request headers: the active organization comes from the `sg_org` cookie in them. */
  headers: Headers;
  /** Response headers, for procedures that set a cookie (switching organizations). */
  resHeaders: Headers;
  /** Whether cookies set in the response get `Secure` (the request came over https). */
  secureCookies: boolean;
  /** The caller's IP and User-Agent, for the audit log. */
  origin: RequestOrigin;
  /** `performance.now()` when the request came in: a failed call's duration in the request log. */
  startedAt: number;
}

/**
 * Built per request by the route handler (app/api/trpc/[trpc]/route.ts, which reads the next-auth
 * session) and by tests, which pass a session they made up: nothing here imports next-auth.
 */
export function createTRPCContext(opts: {
  db: Db;
  session: SessionLike | null;
  headers: Headers;
  resHeaders?: Headers;
  secureCookies?: boolean;
  /** The route passes the client IP it read; without it the IP is unknown. */
  origin?: RequestOrigin;
}): TRPCContext {
  return {
    db: opts.db,
    session: opts.session,
    headers: opts.headers,
    resHeaders: opts.resHeaders ?? new Headers(),
    secureCookies: opts.secureCookies ?? false,
    origin: opts.origin ?? { ip: null, userAgent: opts.headers.get("user-agent") },
    startedAt: performance.now(),
  };
}

function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 401:
      return "UNAUTHORIZED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 429:
      return "TOO_MANY_REQUESTS";
    case 503:
      return "SERVICE_UNAVAILABLE";
    default:
      return "INTERNAL_SERVER_ERROR";
  }
}

/** Per-procedure settings, read by the middlewares below. */
export interface ProcedureMeta {
  /**
   * Open to a member whom the active organization holds back until they set up two-factor sign-in
   * (contract §12): what the enrolment screen needs, the caller's own account and sessions, and
   * moving to another organization. Every other procedure refuses them.
   */
  allowUnenrolled?: boolean;
}

const withMeta = initTRPC.context<TRPCContext>().meta<ProcedureMeta>();

const t = withMeta.create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const { message, ...data } = publicError(error);
    // The request log's entry for this failure, for the dashboard to link (null: not logged).
    return { ...shape, message, data: { ...shape.data, ...data, requestId: loggedRequestIds.get(error) ?? null } };
  },
});

/** A failed call's request-log id, from the middleware that logged it to the formatter. */
const loggedRequestIds = new WeakMap<TRPCError, string>();

/** Whom a failed call is logged for: filled in by protectedProcedure once the membership is known. */
interface LogScope {
  organizationId?: string;
  userId?: string;
}

/** The TRPCError the browser receives for what a procedure threw (its status from ERROR_STATUS). */
function toTRPCError(error: TRPCError): TRPCError {
  const cause = error.cause;
  if (!(cause instanceof AppError) && isDatabaseUnavailable(cause ?? error)) {
    const unavailable = serviceUnavailable(cause);
    return new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailable.message, cause: unavailable });
  }
  if (cause instanceof AppError) {
    return new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
  }
  if (cause instanceof ZodError && error.code === "INTERNAL_SERVER_ERROR") {
    return new TRPCError({ code: "BAD_REQUEST", message: "Some fields are not valid.", cause });
  }
  return error;
}

/**
 * Domain functions throw AppError (and ZodError when they re-validate input); this turns them into
 * TRPCErrors with the status from ERROR_STATUS, keeping the AppError as `cause` for the formatter.
 */
const mapErrors = t.middleware(async ({ ctx, next, getRawInput, path, type }) => {
  // Text PostgreSQL cannot store is refused before the procedure runs (contract §12, Input).
  const input = await getRawInput().catch(() => undefined);
  try {
    assertStorable(input, "body");
  } catch (err) {
    const appError = err as AppError;
    throw new TRPCError({ code: "BAD_REQUEST", message: appError.message, cause: appError });
  }
  const logScope: LogScope = {};
  const result = await next({ ctx: { logScope } });
  if (result.ok) return result;
  const error = toTRPCError(result.error);
  const status = getHTTPStatusCodeFromError(error);
  // A member's failed call goes to the organization's request log (contract §16, issue 42); not a
  // query refused for its input: that is a page checking what is being typed (a price quote).
  if (logScope.organizationId && logScope.userId && !(type === "query" && status === 400)) {
    const { message, appCode, docUrl, details } = publicError(error);
    // The error as the REST API words it: an input error's issues are its `details` there.
    const issues = error.cause instanceof ZodError ? zodIssuesToDetails(error.cause.issues) : details;
    const requestId = logFailedProcedure({
      organizationId: logScope.organizationId,
      userId: logScope.userId,
      procedure: path,
      type,
      input,
      status,
      errorCode: appCode,
      responseBody: { error: { code: appCode, message, docUrl, ...(issues ? { details: issues } : {}) } },
      startedAt: ctx.startedAt,
      ip: ctx.origin.ip,
      userAgent: ctx.origin.userAgent,
    });
    if (requestId) loggedRequestIds.set(error, requestId);
  }
  throw error;
});

export const createCallerFactory = t.createCallerFactory;
export const router = t.router;

export const publicProcedure = t.procedure.use(mapErrors);

/**
 * Signed in. Adds `userId`, `actor` (the user, from where) for the audit log, and `membership`
 * (dashboardMember: the active organization, or null). Every procedure but the public ones passes
 * here, so this is where an organization's two-factor requirement is enforced (contract §12): a
 * member who has not enrolled reaches only procedures marked `allowUnenrolled`.
 */
export const protectedProcedure = publicProcedure.use(async ({ ctx, meta, next }) => {
  const userId = ctx.session?.user?.id;
  if (!userId) throw new AppError("unauthenticated", "Your session has ended. Sign in again.");
  const membership = await dashboardMember(ctx.db, userId, ctx.headers, { allowUnenrolled: meta?.allowUnenrolled });
  // The active organization's request log takes the call if it fails (the account's own calls too).
  if (membership) Object.assign(ctx.logScope, { organizationId: membership.organizationId, userId });
  return next({ ctx: { userId, actor: userActor(userId, ctx.origin), membership } });
});

/**
 * Member of the active organization. Adds `organizationId`, `organizationName`, `role`,
 * `membershipId`.
 */
export const orgProcedure = protectedProcedure.use(({ ctx, next }) => {
  const { membership } = ctx;
  if (!membership) throw new AppError("not_found", "You are not a member of any organization.");
  return next({
    ctx: {
      organizationId: membership.organizationId,
      organizationName: membership.organizationName,
      role: membership.role,
      membershipId: membership.membershipId,
    },
  });
});

/** Member whose role allows `action` (schemas/roles.ts); others get FORBIDDEN. */
export function roleProcedure(action: Action) {
  return orgProcedure.use(({ ctx, next }) => {
    if (!can(ctx.role, action)) {
      throw new AppError("forbidden", `Your role (${ctx.role}) does not allow this.`);
    }
    return next();
  });
}
