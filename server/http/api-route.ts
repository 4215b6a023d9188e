import { strictObject, type z } from "zod";
import { AppError, zodIssuesCode, zodIssuesToDetails } from "../errors";
import { can, type Action } from "@/schemas/roles";
import { authenticateUser, type UserAuth } from "./authenticate";
import { authenticateApiKey, forgetCachedKey, type ApiKeyAuth } from "./authenticate-api-key";
import { errorResponse } from "./error-response";
import { logger } from "../logger";
import { readJsonBody } from "./read-body";
import { resolveRequestId } from "./request-id";
import { applyRateLimit, type RateLimitCategory } from "./rate-limit";
import { startIdempotency, type IdempotencyStep } from "./idempotency";
import type { RecordResponse } from "../idempotency/record";
import type { Permission } from "@/schemas/permissions";
import { originOf, type AuditActor, type RequestOrigin } from "../audit/actor";
import { trackApiRequest } from "./api-activity";
import { authenticateOperator, type OperatorAuth } from "./authenticate-operator";
import { assertStorable } from "./storable-text";
import { measureHttp, routeTemplate } from "../metrics/http";
import { tagRequest } from "../tracing/spans";
import { logRequest } from "../request-logs/record";

/**
 * "any": an API key or a dashboard/management JWT, for public reference data such as prices.
 * "operator": the service operator's OPERATOR_TOKEN (contract §10), not a customer credential.
 */
type AuthMode = "none" | "jwt" | "apiKey" | "any" | "operator";
type AuthFor<A extends AuthMode> = A extends "jwt"
  ? UserAuth
  : A extends "apiKey"
    ? ApiKeyAuth
    : A extends "any"
      ? UserAuth | ApiKeyAuth
      : A extends "operator"
        ? OperatorAuth
        : null;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;
type ActorFor<A extends AuthMode> = A extends "none" | "operator" ? null : AuditActor;

export interface RouteOptions<A extends AuthMode, B extends z.ZodType | undefined, Q extends z.ZodType | undefined> {
  auth: A;
  /** API-key routes: the permission the key must hold. */
  scope?: A extends "apiKey" | "any" ? Permission : never;
  /** JWT routes: the action the member's role must allow (contract §3). */
  allow?: A extends "jwt" | "any" ? Action : never;
  /** Rate-limit category; authenticated routes default to the organization caps only. */
  rateLimit?: RateLimitCategory | false;
  body?: B;
  query?: Q;
  /** Status for a plain returned value (default 200; undefined results answer 204). */
  status?: number;
  /** API-key routes: honour the Idempotency-Key header (contract §5). */
  idempotent?: A extends "apiKey" ? boolean : never;
  /**
   * JWT routes a member must still reach while their organization holds them back until they set
   * up two-factor sign-in (contract §12): enrolling itself, and the caller's own account and
   * sessions. Every other JWT route answers 401 `mfa_enrollment_required` to them.
   */
  allowUnenrolled?: A extends "jwt" | "any" ? true : never;
  /**
   * The handler reads the body itself (a CSV import, a carrier's form-encoded callback). Any other
   * route without `body` takes none: an empty body or `{}`, else 400 like any strict body (§1).
   */
  ownBody?: true;
}

export interface RouteContext<A extends AuthMode, B, Q> {
  req: Request;
  requestId: string;
  auth: AuthFor<A>;
  body: B;
  query: Q;
  params: Record<string, string>;
  /** The caller's IP and User-Agent. */
  origin: RequestOrigin;
  /** Who the audit log names for a change this request makes (the user, or the API key). */
  actor: ActorFor<A>;
  /**
   * With an Idempotency-Key: pass to the domain function, which stores the response in the
   * transaction of its work. Undefined otherwise.
   */
  recordResponse?: RecordResponse;
}

type NextRouteContext = { params: Promise<Record<string, string | string[]> | undefined> };

/** What apiRoute() returns: Next's handler, carrying whom the route admits. */
export type ApiRouteHandler = ((req: Request, context?: NextRouteContext) => Promise<Response>) & {
  routeOptions: { auth: AuthMode; allowUnenrolled: boolean; body: "schema" | "none" | "own" };
};

function validate<S extends z.ZodType>(schema: S, input: unknown, where: "body" | "query"): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      zodIssuesCode(parsed.error.issues),
      where === "body" ? "The request body is not valid." : "The query parameters are not valid.",
      { details: zodIssuesToDetails(parsed.error.issues) },
    );
  }
  return parsed.data;
}

type AnyAuth = UserAuth | ApiKeyAuth;

/** What a route that takes no body accepts when one is sent anyway (issue 38: cancel routes ignored theirs). */
const NO_BODY = strictObject({});

/** API keys are recognisable by their prefix (sg_live_…, sg_test_…); anything else is a JWT. */
function bearsApiKey(req: Request): boolean {
  return /^Bearer[ ]+sg_/i.test(req.headers.get("authorization") ?? "");
}

function authorize(auth: AnyAuth | null, options: { scope?: Permission; allow?: Action }): void {
  if (auth?.kind === "apiKey" && options.scope && !auth.permissions.includes(options.scope)) {
    throw new AppError("insufficient_scope", `This API key lacks the \`${options.scope}\` permission.`);
  }
  if (auth?.kind === "user" && options.allow && !can(auth.role, options.allow)) {
    throw new AppError("forbidden", `The ${auth.role} role may not do this (${options.allow}).`);
  }
}

/**
 * Authenticate, rate-limit, authorize. API keys come from a per-process cache; the limiter's call
 * checks the cached key is still current, and when it is not (changed or deleted on another
 * instance) the key is read again and the steps repeat, so the change holds at once and the
 * permission check below always sees the current row. Refused requests (403) are counted and
 * carry the limit headers like any other authenticated response. Routes that skip the limiter
 * read the key fresh instead.
 */
async function admit(
  req: Request,
  options: {
    auth: AuthMode;
    scope?: Permission;
    allow?: Action;
    rateLimit?: RateLimitCategory | false;
    allowUnenrolled?: boolean;
  },
  responseHeaders: Headers,
  seen: { auth: AnyAuth | null },
): Promise<AnyAuth | OperatorAuth | null> {
  if (options.auth === "none") return null;
  // The operator is not an organization: no organization rate limit or permission applies.
  if (options.auth === "operator") return authenticateOperator(req);
  const fresh = options.rateLimit === false;
  for (let attempt = 0; ; attempt++) {
    const auth: AnyAuth =
      options.auth === "jwt" || (options.auth === "any" && !bearsApiKey(req))
        ? await authenticateUser(req, { allowUnenrolled: options.allowUnenrolled === true })
        : await authenticateApiKey(req, { fresh: fresh || attempt > 0 });
    // Known from here on: a refusal below (limit, permission) is still this organization's request.
    seen.auth = auth;
    const limit = await applyRateLimit(auth, options.rateLimit);
    if (limit === "stale") {
      if (auth.kind === "apiKey") forgetCachedKey(auth);
      // The key changed again between our fresh read and the limiter: give up rather than loop.
      if (attempt >= 2) throw new AppError("unauthenticated", "The API key changed during the request; retry.");
      continue;
    }
    limit?.headers.forEach((value, key) => responseHeaders.set(key, value));
    authorize(auth, options);
    return auth;
  }
}

/**
 * For what outlives its request (an event stream): the request's credential checked again as
 * admit() checked it, read fresh and without counting against the rate limit. Throws the AppError
 * the request would get now (a deleted, disabled, regenerated or expired key; a lost permission;
 * an expired token, ended session, removed membership or role that no longer allows; a required
 * second factor).
 */
export async function recheckCredential(
  req: Request,
  options: { auth: "jwt" | "apiKey" | "any"; scope?: Permission; allow?: Action; allowUnenrolled?: boolean },
): Promise<void> {
  const auth: AnyAuth =
    options.auth === "jwt" || (options.auth === "any" && !bearsApiKey(req))
      ? await authenticateUser(req, { allowUnenrolled: options.allowUnenrolled === true })
      : await authenticateApiKey(req, { fresh: true });
  authorize(auth, options);
}

/**
 * The one wrapper of every /api/v1 route: request id → authenticate → rate limit → authorize →
 * body (JSON only, 1 MiB) → strict zod validation → handler → one error mapper. Route files
 * stay declarative: `export const POST = apiRoute({ auth: "apiKey", scope: "sms.send", body }, handler)`.
 */
export function apiRoute<
  A extends AuthMode,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  options: RouteOptions<A, B, Q>,
  handler: (ctx: RouteContext<A, Output<B>, Output<Q>>) => Promise<unknown>,
): ApiRouteHandler {
  const route = async (req: Request, context?: NextRouteContext) => {
    const served = trackApiRequest();
    try {
      return await measureHttp(
        req,
        () => templateOf(req, context),
        () => serve(req, context),
      );
    } finally {
      served();
    }
  };
  // Read by the security suite, which walks every route file and needs to know whom each admits.
  return Object.assign(route, {
    routeOptions: {
      auth: options.auth,
      allowUnenrolled: options.allowUnenrolled === true,
      body: options.body ? ("schema" as const) : options.ownBody ? ("own" as const) : ("none" as const),
    },
  });

  async function serve(req: Request, context: NextRouteContext | undefined): Promise<Response> {
    const startedAt = performance.now();
    const requestId = resolveRequestId(req.headers.get("x-request-id"));
    tagRequest(requestId);
    const extraHeaders = new Headers();
    const seen: { auth: AnyAuth | null } = { auth: null };
    let rawBody: unknown;
    let response: Response;
    try {
      // Limit headers land in extraHeaders, so refusals after the limiter carry them too.
      const auth = await admit(req, options, extraHeaders, seen);

      rawBody = options.ownBody ? undefined : ((await readJsonBody(req)) ?? (options.body ? {} : undefined));
      const rawQuery = Object.fromEntries(new URL(req.url).searchParams);
      // Next passes a context whose params resolve to undefined on routes without [segments].
      const rawParams = (context ? await context.params : undefined) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]),
      );
      // Text PostgreSQL cannot store is refused here, once for every route (contract §12, Input).
      assertStorable(params, "path");
      assertStorable(rawQuery, "query");
      if (rawBody !== undefined) assertStorable(rawBody, "body");
      const body = options.body ? validate(options.body, rawBody, "body") : undefined;
      if (!options.body && rawBody !== undefined) validate(NO_BODY, rawBody, "body");
      const query = options.query ? validate(options.query, rawQuery, "query") : undefined;

      const status = options.status ?? 200;
      const origin = originOf(req);
      const idempotency =
        options.idempotent && auth?.kind === "apiKey" ? await startIdempotency(req, auth, rawBody, status) : null;
      if (idempotency instanceof Response) {
        response = idempotency;
      } else {
        const result = await runHandler(idempotency, () =>
          handler({
            req,
            requestId,
            auth: auth as AuthFor<A>,
            body: body as Output<B>,
            query: query as Output<Q>,
            params,
            origin,
            actor: actorOf(auth, origin) as ActorFor<A>,
            recordResponse: idempotency?.record,
          }),
        );
        response = toResponse(result, status);
      }
    } catch (err) {
      response = errorResponse(err, requestId);
    }
    // Responses built by handlers may have immutable headers; copy into a fresh one when needed.
    try {
      response.headers.set("x-request-id", requestId);
      extraHeaders.forEach((value, key) => response.headers.set(key, value));
    } catch {
      const headers = new Headers(response.headers);
      headers.set("x-request-id", requestId);
      extraHeaders.forEach((value, key) => headers.set(key, value));
      response = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    logRequest({
      req,
      caller: callerOf(seen.auth),
      requestId,
      route: await templateOf(req, context),
      requestBody: rawBody,
      response,
      startedAt,
    });
    return response;
  }
}

function callerOf(auth: AnyAuth | null) {
  if (!auth) return null;
  return auth.kind === "user"
    ? { kind: "user" as const, organizationId: auth.organizationId, userId: auth.userId }
    : {
        kind: "apiKey" as const,
        organizationId: auth.organizationId,
        keyId: auth.keyId,
        environment: auth.environment,
      };
}

async function templateOf(req: Request, context: NextRouteContext | undefined): Promise<string> {
  // Next hands routes without [segments] no params at all (not a promise of undefined).
  const params = await Promise.resolve(context?.params).catch(() => undefined);
  return routeTemplate(new URL(req.url).pathname, params);
}

function actorOf(auth: AnyAuth | OperatorAuth | null, origin: RequestOrigin): AuditActor | null {
  if (!auth || auth.kind === "operator") return null;
  return auth.kind === "user"
    ? { type: "user", userId: auth.userId, ...origin }
    : { type: "apiKey", apiKeyId: auth.keyId, ...origin };
}

/** The handler, then the idempotency record: kept with the work on success, forgotten on failure. */
async function runHandler(idempotency: IdempotencyStep | null, run: () => Promise<unknown>): Promise<unknown> {
  if (!idempotency) return run();
  let result: unknown;
  try {
    result = await run();
  } catch (err) {
    // The key is forgotten so a retry runs again; failing to forget must not hide the real error.
    await idempotency.finish({ ok: false }).catch((cleanup: unknown) => {
      logger.warn("could not release an idempotency key", { error: (cleanup as Error).message });
    });
    throw err;
  }
  await idempotency.finish({ ok: true, body: result });
  return result;
}

function toResponse(result: unknown, status: number): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return Response.json(result, { status });
}

/** A JSON response with a chosen status and headers, for handlers that need more than the default. */
export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return Response.json(body, { status: init.status ?? 200, headers: init.headers });
}
