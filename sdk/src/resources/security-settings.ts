import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type SecuritySettings = ResponseBody<"getSecuritySettings">;
export type UpdateSecuritySettingsParams = RequestBody<"updateSecuritySettings">;

const base = "/api/v1/developer/security-settings";

/** The organization's sign-in policy (management): whether members must use two-factor sign-in. */
export class SecuritySettingsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/security-settings` (every role). */
  get(options?: RequestOptions): Promise<SecuritySettings> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /**
   * `PATCH /api/v1/developer/security-settings` (owner): `requireMfa: true` needs two-factor on the
   * caller's own account first; members without it then get `mfa_enrollment_required` at sign-in.
   */
  update(params: UpdateSecuritySettingsParams, options?: RequestOptions): Promise<SecuritySettings> {
    return data(this.t.token({ method: "PATCH", path: base, body: params, options }));
  }
}
