import { SignalGateError } from "./errors.js";
import { request, type HttpConfig } from "./http.js";
import type { RequestOptions, Schema } from "./types.js";

export type TokenPair = Schema<"TokenResponse">;

export interface TokenCredentials {
  accessToken?: string;
  refreshToken?: string;
  email?: string;
  password?: string;
  /** With email and password, when the user belongs to several organizations. */
  organizationId?: string;
  /** With email and password, for a user with two-factor sign-in (contract §12). */
  totpCode?: string;
  recoveryCode?: string;
}

/** Renew this long before the access token's `exp`, so a call never starts with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * Access tokens for the management API. A refresh token is single use: the server rotates it on
 * every refresh and treats a second use as theft (it revokes the whole session). So each refresh
 * token is forgotten before it is sent, and concurrent calls that need a new access token share
 * one refresh in flight.
 */
export class TokenManager {
  private accessToken: string | undefined;
  private accessExpiresAt: number | undefined;
  private refreshToken: string | undefined;
  private inflight: Promise<string> | undefined;

  constructor(
    private readonly credentials: TokenCredentials,
    private readonly config: () => HttpConfig,
    private readonly onTokens?: (tokens: TokenPair) => void,
  ) {
    this.accessToken = credentials.accessToken;
    this.accessExpiresAt = credentials.accessToken ? jwtExpiry(credentials.accessToken) : undefined;
    this.refreshToken = credentials.refreshToken;
  }

  get configured(): boolean {
    return this.accessToken !== undefined || this.canRenew;
  }

  /** The tokens held now (the refresh token is the newest one, or undefined once spent). */
  get current(): { accessToken: string | undefined; refreshToken: string | undefined } {
    return { accessToken: this.accessToken, refreshToken: this.refreshToken };
  }

  private get canRenew(): boolean {
    return this.refreshToken !== undefined || this.hasPassword;
  }

  private get hasPassword(): boolean {
    return this.credentials.email !== undefined && this.credentials.password !== undefined;
  }

  /** An access token for the next call: the current one while it is fresh, else a renewed one. */
  async get(options?: RequestOptions): Promise<string> {
    if (this.inflight) return this.inflight;
    const fresh = this.accessExpiresAt === undefined || this.accessExpiresAt - Date.now() > EXPIRY_MARGIN_MS;
    if (this.accessToken !== undefined && (fresh || !this.canRenew)) return this.accessToken;
    if (!this.canRenew) {
      throw new Error(
        "SignalGate: management methods need an accessToken, a refreshToken, or email and password in the client options.",
      );
    }
    return this.renew(options);
  }

  /** After `used` was refused (401): a newer token, unless none can be had. */
  async afterRejection(used: string, options?: RequestOptions): Promise<string | undefined> {
    if (this.inflight) return this.inflight;
    if (this.accessToken !== undefined && this.accessToken !== used) return this.accessToken;
    if (!this.canRenew) return undefined;
    this.accessToken = undefined;
    return this.renew(options);
  }

  /** Revokes the session (`POST /auth/logout`) and forgets the tokens. */
  async logout(options?: RequestOptions): Promise<void> {
    const refreshToken = this.refreshToken;
    this.refreshToken = undefined;
    this.accessToken = undefined;
    if (refreshToken === undefined) return;
    await request(this.config(), {
      method: "POST",
      path: "/api/v1/auth/logout",
      body: { refreshToken },
      options,
    });
  }

  private renew(options?: RequestOptions): Promise<string> {
    this.inflight ??= this.obtain(options).finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async obtain(options?: RequestOptions): Promise<string> {
    const refreshToken = this.refreshToken;
    let pair: TokenPair;
    if (refreshToken !== undefined) {
      // Forgotten before it is sent: whatever happens to this request, it is never sent again
      // (the request layer repeats it only after a 429, which the server answers before reading it).
      this.refreshToken = undefined;
      try {
        pair = await this.call("/api/v1/auth/refresh", { refreshToken }, options);
      } catch (err) {
        // A spent or revoked refresh token: sign in again when the password is at hand.
        if (!(err instanceof SignalGateError && err.status === 401 && this.hasPassword)) throw err;
        pair = await this.login(options);
      }
    } else {
      pair = await this.login(options);
    }
    this.accessToken = pair.accessToken;
    this.accessExpiresAt = Date.now() + pair.expiresIn * 1000;
    this.refreshToken = pair.refreshToken;
    this.onTokens?.(pair);
    return pair.accessToken;
  }

  private login(options?: RequestOptions): Promise<TokenPair> {
    const { email, password, organizationId, totpCode, recoveryCode } = this.credentials;
    return this.call(
      "/api/v1/auth/token",
      {
        email,
        password,
        ...(organizationId ? { organizationId } : {}),
        ...(totpCode ? { totpCode } : {}),
        ...(recoveryCode ? { recoveryCode } : {}),
      },
      options,
    );
  }

  private async call(path: string, body: object, options?: RequestOptions): Promise<TokenPair> {
    // Never repeated after a connection error: that request may have rotated the token.
    return (await request<TokenPair>(this.config(), { method: "POST", path, body, options })).data;
  }
}

/** The `exp` of a JWT in ms, or undefined when it is not one (the server then says 401). */
function jwtExpiry(token: string): number | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}
