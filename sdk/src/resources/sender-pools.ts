import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type SenderPool = ResponseBody<"getSenderPool">;
export type CreateSenderPoolParams = RequestBody<"createSenderPool">;
export type UpdateSenderPoolParams = RequestBody<"updateSenderPool">;

const base = "/api/v1/developer/sender-pools";

/**
 * Sender pools (contract §15): your numbers and an optional alphanumeric sender ID; send with
 * `from: "pool_…"` and the service picks a sender per recipient. Owner, admin and developer manage;
 * support reads.
 */
export class SenderPoolsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/sender-pools`. */
  list(options?: RequestOptions): Promise<SenderPool[]> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /** `POST /api/v1/developer/sender-pools`: at least one of your numbers or an alphanumeric sender ID. */
  create(params: CreateSenderPoolParams, options?: RequestOptions): Promise<SenderPool> {
    return data(this.t.token({ method: "POST", path: base, body: params, options }));
  }

  /** `GET /api/v1/developer/sender-pools/{id}`. */
  get(id: string, options?: RequestOptions): Promise<SenderPool> {
    return data(this.t.token({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }

  /** `PATCH /api/v1/developer/sender-pools/{id}`: `numbers` replaces the list. */
  update(id: string, params: UpdateSenderPoolParams, options?: RequestOptions): Promise<SenderPool> {
    return data(this.t.token({ method: "PATCH", path: `${base}/${segment(id)}`, body: params, options }));
  }

  /** `DELETE /api/v1/developer/sender-pools/{id}`. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/${segment(id)}`, options });
  }
}
