import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestOptions, ResponseBody } from "../core/types.js";

export type MessageAnalyticsParams = QueryParams<"getMessageAnalytics">;
export type MessageAnalytics = ResponseBody<"getMessageAnalytics">;
export type OtpAnalyticsParams = QueryParams<"getOtpAnalytics">;
export type OtpAnalytics = ResponseBody<"getOtpAnalytics">;
export type SmsPriceList = ResponseBody<"listSmsPrices">;
export type CountryPrice = ResponseBody<"getSmsPrice">;

/** Delivery and OTP analytics (API key with `analytics.read`). */
export class Analytics {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/analytics/messages`. */
  messages(params: MessageAnalyticsParams = {}, options?: RequestOptions): Promise<MessageAnalytics> {
    return data(this.t.apiKey({ method: "GET", path: "/api/v1/analytics/messages", query: params, options }));
  }

  /** `GET /api/v1/analytics/otp`. */
  otp(params: OtpAnalyticsParams = {}, options?: RequestOptions): Promise<OtpAnalytics> {
    return data(this.t.apiKey({ method: "GET", path: "/api/v1/analytics/otp", query: params, options }));
  }
}

/** The SMS price list (an API key or an access token). */
export class Pricing {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/pricing/sms`: every country's price per segment. */
  list(options?: RequestOptions): Promise<SmsPriceList> {
    return data(this.t.any({ method: "GET", path: "/api/v1/pricing/sms", options }));
  }

  /** `GET /api/v1/pricing/sms/{country}`: one country (ISO 3166 alpha-2). */
  get(country: string, options?: RequestOptions): Promise<CountryPrice> {
    return data(this.t.any({ method: "GET", path: `/api/v1/pricing/sms/${segment(country)}`, options }));
  }
}
