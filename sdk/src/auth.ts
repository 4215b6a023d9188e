import type { HttpConfig } from "./core/http.js";
import { request } from "./core/http.js";
import type { TokenManager, TokenPair } from "./core/tokens.js";
import type { RequestBody, RequestOptions, ResponseBody } from "./core/types.js";

export type RegisterParams = RequestBody<"register">;
export type Registration = ResponseBody<"register">;
export type { TokenPair };

/** Accounts and the session of a management client. */
export class Auth {
  constructor(
    private readonly config: () => HttpConfig,
    private readonly tokens: TokenManager,
  ) {}

  /** `POST /api/v1/auth/register`: a user and their organization (no credential needed). */
  async register(params: RegisterParams, options?: RequestOptions): Promise<Registration> {
    return (
      await request<Registration>(this.config(), {
        method: "POST",
        path: "/api/v1/auth/register",
        body: params,
        options,
      })
    ).data;
  }

  /**
   * The tokens the client holds now. After a refresh the refresh token is a new one (the old one
   * is spent): persist it (or use the `onTokens` option) to resume the session later.
   */
  get current(): { accessToken: string | undefined; refreshToken: string | undefined } {
    return this.tokens.current;
  }

  /** `POST /api/v1/auth/logout`: revokes the session's refresh token, and the client forgets its tokens. */
  logout(options?: RequestOptions): Promise<void> {
    return this.tokens.logout(options);
  }
}
