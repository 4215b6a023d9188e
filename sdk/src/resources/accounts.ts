import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Me = ResponseBody<"getMe">;
export type Session = ResponseBody<"listSessions">[number];
export type ChangePasswordParams = RequestBody<"changePassword">;
export type ConfirmPasswordResetParams = RequestBody<"confirmPasswordReset">;
export type AcceptInvitationParams = RequestBody<"acceptInvitation">;
export type AcceptedInvitation = ResponseBody<"acceptInvitation">;
export type Invitation = ResponseBody<"createInvitation">;
export type CreateInvitationParams = RequestBody<"createInvitation">;

/** The signed-in user's sessions (REST sign-ins and dashboard browsers). */
export class Sessions {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/auth/sessions`: newest first; `current` is this client's. */
  list(options?: RequestOptions): Promise<Session[]> {
    return data(this.t.token({ method: "GET", path: "/api/v1/auth/sessions", options }));
  }

  /** `DELETE /api/v1/auth/sessions/{id}`: that session ends at once. */
  async revoke(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `/api/v1/auth/sessions/${segment(id)}`, options });
  }
}

/** Your own account: profile, password, verification, sessions; and the emailed-link flows. */
export class AccountResource {
  readonly sessions: Sessions;

  constructor(private readonly t: Transport) {
    this.sessions = new Sessions(t);
  }

  /** `GET /api/v1/auth/me`: the user, the token's organization and the role there. */
  me(options?: RequestOptions): Promise<Me> {
    return data(this.t.token({ method: "GET", path: "/api/v1/auth/me", options }));
  }

  /** `POST /api/v1/auth/password`: every other session is signed out; this client's stays. */
  async changePassword(params: ChangePasswordParams, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "POST", path: "/api/v1/auth/password", body: params, options });
  }

  /** `POST /api/v1/auth/verify-email/resend`: a new verification link, if the address is unverified. */
  async resendVerificationEmail(options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "POST", path: "/api/v1/auth/verify-email/resend", options });
  }

  /** `POST /api/v1/auth/password-reset` (no credential): always succeeds, whatever the address. */
  async requestPasswordReset(email: string, options?: RequestOptions): Promise<void> {
    await this.t.none({ method: "POST", path: "/api/v1/auth/password-reset", body: { email }, options });
  }

  /** `POST /api/v1/auth/password-reset/confirm` (no credential): the emailed token and a new password. */
  async confirmPasswordReset(params: ConfirmPasswordResetParams, options?: RequestOptions): Promise<void> {
    await this.t.none({ method: "POST", path: "/api/v1/auth/password-reset/confirm", body: params, options });
  }

  /**
   * `POST /api/v1/auth/invitations/accept`. With a `password`: a new account for the invited address
   * (no credential sent). Without: this client's own account accepts (its access token is sent).
   */
  acceptInvitation(params: AcceptInvitationParams, options?: RequestOptions): Promise<AcceptedInvitation> {
    const req = { method: "POST" as const, path: "/api/v1/auth/invitations/accept", body: params, options };
    return data(params.password !== undefined ? this.t.none(req) : this.t.token(req));
  }
}

/** Pending invitations of the organization (owner, admin). */
export class Invitations {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/members/invitations`. */
  list(options?: RequestOptions): Promise<Invitation[]> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/members/invitations", options }));
  }

  /** `POST /api/v1/developer/members/invitations`: emails a link valid 7 days. */
  create(params: CreateInvitationParams, options?: RequestOptions): Promise<Invitation> {
    return data(this.t.token({ method: "POST", path: "/api/v1/developer/members/invitations", body: params, options }));
  }

  /** `DELETE /api/v1/developer/members/invitations/{id}`: the link stops working. */
  async revoke(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `/api/v1/developer/members/invitations/${segment(id)}`, options });
  }
}

/** The organization's members (management). */
export class MembersResource {
  readonly invitations: Invitations;

  constructor(t: Transport) {
    this.invitations = new Invitations(t);
  }
}
