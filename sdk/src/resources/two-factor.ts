import { data, type Transport } from "../core/transport.js";
import type { RequestOptions, ResponseBody } from "../core/types.js";

export type TotpEnrollment = ResponseBody<"startTotpEnrollment">;
export type RecoveryCodes = ResponseBody<"confirmTotpEnrollment">;

const base = "/api/v1/auth/mfa";

/** The signed-in user's two-factor sign-in (TOTP and recovery codes). */
export class TwoFactorResource {
  constructor(private readonly t: Transport) {}

  /** `POST /api/v1/auth/mfa/totp`: a new secret and its otpauth:// URL, active once confirmed. */
  start(options?: RequestOptions): Promise<TotpEnrollment> {
    return data(this.t.token({ method: "POST", path: `${base}/totp`, options }));
  }

  /** `POST /api/v1/auth/mfa/totp/confirm`: a code from the app turns it on; 10 recovery codes, shown once. */
  confirm(code: string, options?: RequestOptions): Promise<RecoveryCodes> {
    return data(this.t.token({ method: "POST", path: `${base}/totp/confirm`, body: { code }, options }));
  }

  /** `DELETE /api/v1/auth/mfa/totp`: needs a current code (or a recovery code). */
  async disable(code: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/totp`, body: { code }, options });
  }

  /** `POST /api/v1/auth/mfa/recovery-codes`: 10 new codes replace the old ones. */
  regenerateRecoveryCodes(code: string, options?: RequestOptions): Promise<RecoveryCodes> {
    return data(this.t.token({ method: "POST", path: `${base}/recovery-codes`, body: { code }, options }));
  }
}
