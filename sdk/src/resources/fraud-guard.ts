import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type FraudGuardSettings = ResponseBody<"getFraudGuard">;
export type UpdateFraudGuardParams = RequestBody<"updateFraudGuard">;
export type FraudBlock = ResponseBody<"listFraudBlocks">[number];
export type ListFraudBlocksParams = QueryParams<"listFraudBlocks">;

const base = "/api/v1/developer/fraud-guard";

/** The OTP fraud guard (management): level, safe list and blocked prefixes. */
export class FraudGuardResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/fraud-guard`. */
  get(options?: RequestOptions): Promise<FraudGuardSettings> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /** `PATCH /api/v1/developer/fraud-guard` (owner, admin): `level` and/or the whole `safeList`. */
  update(params: UpdateFraudGuardParams, options?: RequestOptions): Promise<FraudGuardSettings> {
    return data(this.t.token({ method: "PATCH", path: base, body: params, options }));
  }

  /** `GET /api/v1/developer/fraud-guard/blocks`: active and past blocks, newest first, with their reasons. */
  blocks(params?: ListFraudBlocksParams, options?: RequestOptions): Promise<FraudBlock[]> {
    return data(this.t.token({ method: "GET", path: `${base}/blocks`, query: params, options }));
  }

  /** `DELETE /api/v1/developer/fraud-guard/blocks/{prefix}` (owner, admin): lifts the block and restarts its counts. */
  async unblock(prefix: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/blocks/${segment(prefix)}`, options });
  }
}
