import { Auth } from "./auth.js";
import { SignalGateError } from "./core/errors.js";
import {
  request,
  type FetchLike,
  type HttpConfig,
  type HttpRequest,
  type HttpResponse,
  type SleepLike,
} from "./core/http.js";
import { openStream, type StreamRequest } from "./core/open-stream.js";
import { defaultSleep } from "./core/retry.js";
import { TokenManager, type TokenPair } from "./core/tokens.js";
import type { Transport } from "./core/transport.js";
import {
  AuditLog,
  BillingResource,
  InboundSettingsResource,
  RateLimitsResource,
  UsageResource,
} from "./resources/account.js";
import { FraudGuardResource } from "./resources/fraud-guard.js";
import { TwoFactorResource } from "./resources/two-factor.js";
import { SecuritySettingsResource } from "./resources/security-settings.js";
import { Campaigns } from "./resources/campaigns.js";
import { Analytics, Pricing } from "./resources/analytics.js";
import { ApiKeys } from "./resources/api-keys.js";
import { ContactSettingsResource, Contacts, Numbers, OptOuts } from "./resources/contacts.js";
import { Events } from "./resources/events.js";
import { Otp } from "./resources/otp.js";
import { Sms } from "./resources/sms.js";
import { Webhooks } from "./resources/webhooks.js";
import { AlertsResource } from "./resources/alerts.js";
import { SenderPoolsResource } from "./resources/sender-pools.js";
import { RequestLogsResource } from "./resources/request-logs.js";
import { AccountResource, MembersResource } from "./resources/accounts.js";

export interface SignalGateOptions {
  /** An API key (`sg_live_…` production, `sg_test_…` sandbox) for SMS, OTP, contacts and analytics. Default: `SIGNALGATE_API_KEY`. */
  apiKey?: string;
  /** Management: an access token from `POST /api/v1/auth/token`. */
  accessToken?: string;
  /** Management: a refresh token; rotated on every refresh (see `onTokens`). */
  refreshToken?: string;
  /** Management: sign in with these when there is no usable token. */
  email?: string;
  password?: string;
  /** With email and password, the organization to sign in to. */
  organizationId?: string;
  /** With email and password, for a user with two-factor sign-in: the current TOTP code (or a `recoveryCode`). */
  totpCode?: string;
  recoveryCode?: string;
  /** Called with every new token pair, so the rotated refresh token can be stored. */
  onTokens?: (tokens: TokenPair) => void;
  /** Where the API is. Default: `SIGNALGATE_BASE_URL`, else `http://localhost:3000`. */
  baseUrl?: string;
  /** Retries after a 429 (and, for safe requests, after connection errors and 5xx). Default 2; 0 disables. */
  maxRetries?: number;
  /** Milliseconds for each attempt. Default 60,000. */
  timeout?: number;
  /** A fetch to use instead of the global one. */
  fetch?: FetchLike;
  /** How to wait before a retry (tests inject one that records the waits). */
  sleep?: SleepLike;
  /** Headers added to every request. */
  defaultHeaders?: Record<string, string>;
  /**
   * Credentials in a browser are readable by anyone who opens the page, so the client refuses to
   * start in one unless this is true.
   */
  dangerouslyAllowBrowser?: boolean;
}

const DEFAULT_BASE_URL = "http://localhost:3000";

function env(name: string): string | undefined {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env?.[name] || undefined;
}

function inBrowser(): boolean {
  const g = globalThis as { window?: { document?: unknown }; navigator?: unknown };
  return (
    typeof g.window !== "undefined" && typeof g.window.document !== "undefined" && typeof g.navigator !== "undefined"
  );
}

/**
 * The SignalGate API client.
 *
 *   const client = new SignalGate({ apiKey: process.env.SIGNALGATE_API_KEY });
 *   const { messageId } = await client.sms.send({ to: "+14155550123", body: "Hello" });
 */
export class SignalGate {
  /** SMS: send, bulk, status, list, batch, quote (API key). */
  readonly sms: Sms;
  /** One-time passcodes: send, verify (API key). */
  readonly otp: Otp;
  /** Delivery and OTP analytics (API key). */
  readonly analytics: Analytics;
  /** SMS prices (API key or access token). */
  readonly pricing: Pricing;
  /** Contacts (API key). */
  readonly contacts: Contacts;
  /** Opt-outs (API key). */
  readonly optOuts: OptOuts;
  /** The organization's default country for contacts' local numbers (management, JWT). */
  readonly contactSettings: ContactSettingsResource;
  /** Receiving numbers (API key). */
  readonly numbers: Numbers;
  /** API keys (management). */
  readonly apiKeys: ApiKeys;
  /** Webhooks and their deliveries (management). */
  readonly webhooks: Webhooks;
  /** Rate limits (management). */
  readonly rateLimits: RateLimitsResource;
  /** The audit log (management). */
  readonly auditLog: AuditLog;
  /** Spend controls and statements (management). */
  readonly billing: BillingResource;
  /** Usage over time (management). */
  readonly usage: UsageResource;
  /** Keyword handling and replies for inbound SMS (management). */
  readonly inboundSettings: InboundSettingsResource;
  /** The OTP fraud guard (management). */
  readonly fraudGuard: FraudGuardResource;
  /** Alerts (management): delivery rate, error rate, webhook failures and spend. */
  readonly alerts: AlertsResource;
  /** Sender pools (management): numbers and a label a send `from: "pool_…"` chooses among. */
  readonly senderPools: SenderPoolsResource;
  /** The request log: every API request of the organization, with redacted bodies. */
  readonly requestLogs: RequestLogsResource;
  /** The signed-in user's two-factor sign-in. */
  readonly twoFactor: TwoFactorResource;
  /** The organization's sign-in policy: require two-factor of every member (management). */
  readonly securitySettings: SecuritySettingsResource;
  /** Campaigns (API key with `campaigns.manage`, or an access token). */
  readonly campaigns: Campaigns;
  /** Registration, the session's tokens, logout. */
  readonly auth: Auth;
  /** Your account: profile, password, verification, sessions, invitations to accept (management). */
  readonly account: AccountResource;
  /** The organization's members: invitations (management). */
  readonly members: MembersResource;
  /** Events: the last 30 days, and a live stream (access token, or API key with `webhooks.manage`). */
  readonly events: Events;

  private readonly config: HttpConfig;
  private readonly apiKey: string | undefined;
  private readonly tokens: TokenManager;

  constructor(options: SignalGateOptions = {}) {
    const usesPassword = options.email !== undefined || options.password !== undefined;
    this.apiKey =
      options.apiKey ??
      (options.accessToken || options.refreshToken || usesPassword ? undefined : env("SIGNALGATE_API_KEY"));
    const hasCredential = this.apiKey !== undefined || !!options.accessToken || !!options.refreshToken || usesPassword;
    if (hasCredential && inBrowser() && !options.dangerouslyAllowBrowser) {
      throw new Error(
        "SignalGate: refusing to run in a browser with credentials, which anyone who opens the page could read. " +
          "Call the API from your server, or pass dangerouslyAllowBrowser: true if you understand the risk.",
      );
    }
    const fetchImpl = options.fetch ?? (globalThis.fetch?.bind(globalThis) as FetchLike | undefined);
    if (!fetchImpl) throw new Error("SignalGate: no fetch available (Node 20 or later has one), pass options.fetch.");
    this.config = {
      baseUrl: options.baseUrl ?? env("SIGNALGATE_BASE_URL") ?? DEFAULT_BASE_URL,
      maxRetries: options.maxRetries ?? 2,
      timeout: options.timeout ?? 60_000,
      fetch: fetchImpl,
      sleep: options.sleep ?? defaultSleep,
      headers: { ...options.defaultHeaders },
    };
    this.tokens = new TokenManager(options, () => this.config, options.onTokens);

    const transport: Transport = {
      apiKey: (req) => this.withApiKey(req),
      token: (req) => this.withToken(req),
      any: (req) => (this.apiKey !== undefined || !this.tokens.configured ? this.withApiKey(req) : this.withToken(req)),
      none: (req) => request(this.config, req),
      idempotencyKey: (given) => given ?? globalThis.crypto.randomUUID(),
      open: (req) => this.openWithCredential(req),
    };
    this.sms = new Sms(transport);
    this.otp = new Otp(transport);
    this.analytics = new Analytics(transport);
    this.pricing = new Pricing(transport);
    this.contacts = new Contacts(transport);
    this.optOuts = new OptOuts(transport);
    this.contactSettings = new ContactSettingsResource(transport);
    this.numbers = new Numbers(transport);
    this.apiKeys = new ApiKeys(transport);
    this.webhooks = new Webhooks(transport);
    this.rateLimits = new RateLimitsResource(transport);
    this.auditLog = new AuditLog(transport);
    this.billing = new BillingResource(transport);
    this.usage = new UsageResource(transport);
    this.inboundSettings = new InboundSettingsResource(transport);
    this.fraudGuard = new FraudGuardResource(transport);
    this.alerts = new AlertsResource(transport);
    this.senderPools = new SenderPoolsResource(transport);
    this.requestLogs = new RequestLogsResource(transport);
    this.twoFactor = new TwoFactorResource(transport);
    this.securitySettings = new SecuritySettingsResource(transport);
    this.campaigns = new Campaigns(transport);
    this.auth = new Auth(() => this.config, this.tokens);
    this.account = new AccountResource(transport);
    this.members = new MembersResource(transport);
    this.events = new Events(transport);
  }

  /** A stream opened with the credential `any` would use; a stale access token is renewed once. */
  private async openWithCredential(req: StreamRequest): Promise<Response> {
    if (this.apiKey !== undefined || !this.tokens.configured) {
      if (this.apiKey === undefined) throw new Error(`SignalGate: ${req.path} needs an apiKey or a management token.`);
      return openStream(this.config, { ...req, authorization: `Bearer ${this.apiKey}` });
    }
    const token = await this.tokens.get();
    try {
      return await openStream(this.config, { ...req, authorization: `Bearer ${token}` });
    } catch (err) {
      const stale =
        err instanceof SignalGateError &&
        err.status === 401 &&
        (err.code === "token_expired" || err.code === "unauthenticated");
      if (!stale) throw err;
      const next = await this.tokens.afterRejection(token);
      if (next === undefined) throw err;
      return openStream(this.config, { ...req, authorization: `Bearer ${next}` });
    }
  }

  private withApiKey<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    if (this.apiKey === undefined) {
      return Promise.reject(new Error(`SignalGate: ${req.method} ${req.path} needs an apiKey in the client options.`));
    }
    return request<T>(this.config, { ...req, authorization: `Bearer ${this.apiKey}` });
  }

  /** A management call; a 401 for a stale access token renews it (once, shared) and repeats the call. */
  private async withToken<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    const token = await this.tokens.get(req.options);
    try {
      return await request<T>(this.config, { ...req, authorization: `Bearer ${token}` });
    } catch (err) {
      const stale =
        err instanceof SignalGateError &&
        err.status === 401 &&
        (err.code === "token_expired" || err.code === "unauthenticated");
      if (!stale) throw err;
      const next = await this.tokens.afterRejection(token, req.options);
      if (next === undefined) throw err;
      return request<T>(this.config, { ...req, authorization: `Bearer ${next}` });
    }
  }
}
