import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type RateLimits = ResponseBody<"getRateLimits">;
export type UpdateRateLimitsParams = RequestBody<"updateRateLimits">;
export type AuditLogEntry = ResponseBody<"listAuditLog">[number];
export type ListAuditLogParams = Omit<QueryParams<"listAuditLog">, "cursor">;
export type Billing = ResponseBody<"getBilling">;
export type UpdateBillingParams = RequestBody<"updateBilling">;
export type StatementSummary = ResponseBody<"listStatements">[number];
export type Statement = ResponseBody<"getStatement">;
export type UsageParams = QueryParams<"getUsage">;
export type Usage = ResponseBody<"getUsage">;
export type InboundSettings = ResponseBody<"getInboundSettings">;
export type UpdateInboundSettingsParams = RequestBody<"updateInboundSettings">;

/** The organization's rate limits (management). */
export class RateLimitsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/rate-limits`: the limits and the current usage. */
  get(options?: RequestOptions): Promise<RateLimits> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/rate-limits", options }));
  }

  /** `PATCH /api/v1/developer/rate-limits` (owner, admin). */
  update(params: UpdateRateLimitsParams, options?: RequestOptions): Promise<RateLimits> {
    return data(this.t.token({ method: "PATCH", path: "/api/v1/developer/rate-limits", body: params, options }));
  }
}

/** The audit log (management; owner, admin, support). */
export class AuditLog {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/audit-log`: newest first, every page. */
  list(params: ListAuditLogParams = {}, options?: RequestOptions): PageIterator<AuditLogEntry> {
    return new PageIterator((cursor) =>
      this.t.token({ method: "GET", path: "/api/v1/developer/audit-log", query: { ...params, cursor }, options }),
    );
  }
}

/** Monthly statements. */
export class Statements {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/billing/statements`. */
  list(options?: RequestOptions): Promise<StatementSummary[]> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/billing/statements", options }));
  }

  /** `GET /api/v1/developer/billing/statements/{period}` (`2026-11`). */
  get(period: string, options?: RequestOptions): Promise<Statement> {
    return data(
      this.t.token({ method: "GET", path: `/api/v1/developer/billing/statements/${segment(period)}`, options }),
    );
  }
}

/** Spend controls and statements (management). */
export class BillingResource {
  readonly statements: Statements;

  constructor(private readonly t: Transport) {
    this.statements = new Statements(t);
  }

  /** `GET /api/v1/developer/billing`: allowed countries, spend limit, month to date. */
  get(options?: RequestOptions): Promise<Billing> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/billing", options }));
  }

  /** `PATCH /api/v1/developer/billing` (owner, admin). */
  update(params: UpdateBillingParams, options?: RequestOptions): Promise<Billing> {
    return data(this.t.token({ method: "PATCH", path: "/api/v1/developer/billing", body: params, options }));
  }
}

/** Usage over time (management). */
export class UsageResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/usage`. */
  get(params: UsageParams = {}, options?: RequestOptions): Promise<Usage> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/usage", query: params, options }));
  }
}

/** Keyword handling and reply texts for inbound SMS (management). */
export class InboundSettingsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/inbound-settings`. */
  get(options?: RequestOptions): Promise<InboundSettings> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/inbound-settings", options }));
  }

  /** `PATCH /api/v1/developer/inbound-settings` (owner, admin, developer): any subset. */
  update(params: UpdateInboundSettingsParams, options?: RequestOptions): Promise<InboundSettings> {
    return data(this.t.token({ method: "PATCH", path: "/api/v1/developer/inbound-settings", body: params, options }));
  }
}
