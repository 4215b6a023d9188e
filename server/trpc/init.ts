import { initTRPC, TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";
import superjson from "superjson";
import { z, ZodError } from "zod";
import type { Db } from "../db/client";
import { AppError, serviceUnavailable, type ErrorCode } from "../errors";
import { isDatabaseUnavailable } from "../db/unavailable";
import { assertStorable } from "../http/storable-text";
import { errorDocUrl } from "../http/error-doc-url.mjs";
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
    const cause = error.cause;
    const appCode: ErrorCode | null = cause instanceof AppError ? cause.code : null;
    return {
      ...shape,
      // Internal errors never leak their message (SQL, stack details) to the browser.
      message:
        error.code === "INTERNAL_SERVER_ERROR" && !(cause instanceof AppError)
          ? "Something went wrong. Try again."
          : cause instanceof ZodError
            ? // tRPC's own message for an input error is the issues as JSON; forms read zodError instead.
              "Some fields are not valid."
            : shape.message,
      data: {
        ...shape.data,
        appCode,
        // The error reference's entry, for the dashboard to link (contract §16).
        docUrl: appCode ? errorDocUrl(appCode) : null,
        // Field errors for forms: `zodError.fieldErrors.email` etc.
        zodError: cause instanceof ZodError ? z.flattenError(cause) : null,
        // AppError details (e.g. `initialPassword` is required) in the same per-field shape.
        details: cause instanceof AppError ? (cause.details ?? null) : null,
      },
    };
  },
});

/**
 * Domain functions throw AppError (and ZodError when they re-validate input); this turns them into
 * TRPCErrors with the status from ERROR_STATUS, keeping the AppError as `cause` for the formatter.
 */
const mapErrors = t.middleware(async ({ next, getRawInput }) => {
  // Text PostgreSQL cannot store is refused before the procedure runs (contract §12, Input).
  const input = await getRawInput().catch(() => undefined);
  try {
    assertStorable(input, "body");
  } catch (err) {
    const appError = err as AppError;
    throw new TRPCError({ code: "BAD_REQUEST", message: appError.message, cause: appError });
  }
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (!(cause instanceof AppError) && isDatabaseUnavailable(cause ?? result.error)) {
      const unavailable = serviceUnavailable(cause);
      throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: unavailable.message, cause: unavailable });
    }
    if (cause instanceof AppError) {
      throw new TRPCError({ code: trpcCodeForStatus(cause.status), message: cause.message, cause });
    }
    if (cause instanceof ZodError && result.error.code === "INTERNAL_SERVER_ERROR") {
      throw new TRPCError({ code: "BAD_REQUEST", message: "Some fields are not valid.", cause });
    }
  }
  return result;
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
