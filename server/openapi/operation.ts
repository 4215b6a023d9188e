import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import type { ErrorCode } from "../errors";
import type { RateLimitCategory } from "../http/rate-limit";
import type { Permission } from "@/schemas/permissions";
import { ROLES, can, type Action } from "@/schemas/roles";
import { errors } from "./errors";
import { idempotencyKeyParam, idempotentReplayedHeader, optionalRateLimitHeaders, requestIdHeader } from "./headers";

type AuthMode = "none" | "jwt" | "apiKey" | "any" | "operator";
type HeaderSchemas = Record<string, z.ZodType>;

export interface OperationSpec {
  /** Unique, camelCase: becomes the function name in generated clients. */
  operationId: string;
  summary: string;
  description?: string;
  /** The same options the route passes to apiRoute(), so the error list follows from them. */
  auth: AuthMode;
  scope?: Permission;
  allow?: Action;
  rateLimit?: RateLimitCategory;
  body?: z.ZodType;
  /**
   * Required with a JSON `body`: the request body's example (the media type's `example`), which the
   * reference shows and puts in its curl and other samples. It must run as written with a sandbox
   * key or a token (e2e/walk-second-docs.spec.ts posts every one): realistic values, no fixed dates, and
   * placeholders only for what only the reader has (tokens, codes, ids of their own objects).
   */
  bodyExample?: unknown;
  query?: z.ZodObject;
  /** Path parameters with descriptions; any `{param}` left out is added as a plain string. */
  params?: z.ZodObject;
  /** Accepts the Idempotency-Key header (sms/send, sms/bulk, otp/send). */
  idempotent?: boolean;
  /** JWT routes open to a member who must still set up two-factor sign-in (apiRoute's `allowUnenrolled`). */
  allowUnenrolled?: boolean;
  success: {
    status: number;
    description: string;
    /** Omit for responses without a body (204). */
    schema?: z.ZodType;
    /** The body's media type when it is not JSON (the contacts export is text/csv). */
    mediaType?: string;
    headers?: HeaderSchemas;
  };
  /** Error codes the handler itself can raise, beyond those implied by auth/body/query/idempotency. */
  errors?: ErrorCode[];
  deprecated?: boolean;
}

/** The codes the apiRoute() wrapper itself can answer with for these options (server/http/api-route.ts). */
export function impliedErrorCodes(
  spec: Pick<OperationSpec, "auth" | "scope" | "allow" | "body" | "query" | "idempotent" | "allowUnenrolled">,
): ErrorCode[] {
  // Any route: a malformed percent-escape or U+0000 in the path is 400, and an unreachable database
  // answers 503 with Retry-After (contract §12).
  const codes: ErrorCode[] = ["invalid_request", "service_unavailable"];
  if (spec.body) codes.push("payload_too_large", "unsupported_media_type");
  if (spec.auth === "jwt") codes.push("unauthenticated", "token_expired", "wrong_credential_type", "rate_limited");
  if (spec.auth === "apiKey") {
    codes.push(
      "unauthenticated",
      "key_disabled",
      "key_expired",
      "wrong_credential_type",
      "ip_not_allowed",
      "rate_limited",
    );
  }
  if (spec.auth === "any") {
    codes.push("unauthenticated", "token_expired", "key_disabled", "key_expired", "ip_not_allowed", "rate_limited");
  }
  // A member whose organization requires two-factor sign-in and who has none (contract §12).
  if ((spec.auth === "jwt" || spec.auth === "any") && !spec.allowUnenrolled) codes.push("mfa_enrollment_required");
  // While OPERATOR_TOKEN is unset the operator's routes answer 404.
  if (spec.auth === "operator") codes.push("unauthenticated", "not_found");
  if (spec.scope) codes.push("insufficient_scope");
  if (spec.allow) codes.push("forbidden");
  if (spec.idempotent) codes.push("idempotency_in_progress", "idempotency_key_reused");
  return codes;
}

function authNote(spec: OperationSpec): string | undefined {
  const category = spec.rateLimit ? ` Rate-limit category: \`${spec.rateLimit}\`.` : "";
  if (spec.auth === "apiKey") {
    const scope = spec.scope ? ` with the \`${spec.scope}\` permission` : "";
    return `**Authentication:** API key (\`sg_live_…\` / \`sg_test_…\`)${scope}.${category}`;
  }
  if (spec.auth === "jwt") {
    const roles = spec.allow ? ROLES.filter((r) => can(r, spec.allow as Action)) : ROLES;
    return `**Authentication:** access token (JWT). Roles allowed: ${roles.join(", ")}.${category}`;
  }
  if (spec.auth === "any" && (spec.scope || spec.allow)) {
    const roles = spec.allow ? ROLES.filter((r) => can(r, spec.allow as Action)) : ROLES;
    const scope = spec.scope ? ` with the \`${spec.scope}\` permission` : "";
    return `**Authentication:** an API key${scope}, or an access token (JWT; roles allowed: ${roles.join(", ")}).${category}`;
  }
  if (spec.auth === "any") {
    return `**Authentication:** an API key (\`sg_live_…\` / \`sg_test_…\`, any permission) or an access token (JWT, any role).${category}`;
  }
  if (spec.auth === "operator") {
    return "**Authentication:** the operator token (`OPERATOR_TOKEN`). Unset on the server: 404.";
  }
  return undefined;
}

function successResponse(spec: OperationSpec): ZodOpenApiResponseObject {
  const rateLimited = spec.auth === "jwt" || spec.auth === "apiKey";
  const headers = z.object({
    "X-Request-Id": requestIdHeader,
    ...(rateLimited ? optionalRateLimitHeaders : {}),
    ...(spec.idempotent ? { "Idempotent-Replayed": idempotentReplayedHeader } : {}),
    ...spec.success.headers,
  });
  return {
    description: spec.success.description,
    headers,
    ...(spec.success.schema
      ? { content: { [spec.success.mediaType ?? "application/json"]: { schema: spec.success.schema } } }
      : {}),
  };
}

const SECURITY: Record<AuthMode, Record<string, string[]>[]> = {
  none: [],
  jwt: [{ accessToken: [] }],
  apiKey: [{ apiKey: [] }],
  any: [{ apiKey: [] }, { accessToken: [] }],
  operator: [{ operatorToken: [] }],
};

/** The body's example, checked against the body's own schema (a wrong example fails every build and test). */
function bodyExampleOf(spec: OperationSpec): unknown {
  if (!spec.body) return undefined;
  if (spec.bodyExample === undefined) throw new Error(`${spec.operationId}: a JSON body needs a bodyExample`);
  const parsed = spec.body.safeParse(spec.bodyExample);
  if (!parsed.success) throw new Error(`${spec.operationId}: bodyExample does not parse: ${parsed.error.message}`);
  return spec.bodyExample;
}

/** One documented operation, built from the same facts as its route: auth, schemas, status. */
export function operation(spec: OperationSpec): ZodOpenApiOperationObject {
  const description = [spec.description, authNote(spec)].filter(Boolean).join("\n\n");
  const header = spec.idempotent ? z.object({ "Idempotency-Key": idempotencyKeyParam }) : undefined;
  const requestParams = {
    ...(spec.params ? { path: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(header ? { header } : {}),
  };
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(description ? { description } : {}),
    ...(spec.deprecated ? { deprecated: true } : {}),
    security: SECURITY[spec.auth],
    ...(Object.keys(requestParams).length ? { requestParams } : {}),
    ...(spec.body
      ? // apiRoute reads an empty body as {}, so the body is optional exactly when {} passes.
        {
          requestBody: {
            required: !spec.body.safeParse({}).success,
            content: { "application/json": { schema: spec.body, example: bodyExampleOf(spec) } },
          },
        }
      : {}),
    responses: {
      [String(spec.success.status)]: successResponse(spec),
      ...errors(...impliedErrorCodes(spec), ...(spec.errors ?? [])),
    },
  };
}
