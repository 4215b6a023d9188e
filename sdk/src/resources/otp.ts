import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody, SendOptions } from "../core/types.js";

export type SendOtpParams = RequestBody<"sendOtp">;
export type OtpSent = ResponseBody<"sendOtp">;
export type VerifyOtpParams = RequestBody<"verifyOtp">;
export type OtpVerification = ResponseBody<"verifyOtp">;

/** One-time passcodes with an API key. */
export class Otp {
  constructor(private readonly t: Transport) {}

  /** `POST /api/v1/otp/send`: texts a new code (202). Idempotent by default: see {@link SendOptions}. */
  send(params: SendOtpParams, options?: SendOptions): Promise<OtpSent> {
    return data(
      this.t.apiKey({
        method: "POST",
        path: "/api/v1/otp/send",
        body: params,
        idempotencyKey: this.t.idempotencyKey(options?.idempotencyKey),
        options,
      }),
    );
  }

  /** `POST /api/v1/otp/verify`: `status` says whether the code was right. Never retried after a lost answer. */
  verify(params: VerifyOtpParams, options?: RequestOptions): Promise<OtpVerification> {
    return data(this.t.apiKey({ method: "POST", path: "/api/v1/otp/verify", body: params, options }));
  }
}
