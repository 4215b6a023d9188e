import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Alert = ResponseBody<"getAlert">;
export type CreateAlertParams = RequestBody<"createAlert">;
export type UpdateAlertParams = RequestBody<"updateAlert">;

const base = "/api/v1/developer/alerts";

/** Alerts on delivery rate, error rate, webhook failures and spend (owner, admin, developer). */
export class AlertsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/alerts`. */
  list(options?: RequestOptions): Promise<Alert[]> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /** `POST /api/v1/developer/alerts`: rates as fractions 0–1, spend as `"25.0000"`. */
  create(params: CreateAlertParams, options?: RequestOptions): Promise<Alert> {
    return data(this.t.token({ method: "POST", path: base, body: params, options }));
  }

  /** `GET /api/v1/developer/alerts/{id}`. */
  get(id: string, options?: RequestOptions): Promise<Alert> {
    return data(this.t.token({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }

  /** `PATCH /api/v1/developer/alerts/{id}`: the state starts over at `ok`. */
  update(id: string, params: UpdateAlertParams, options?: RequestOptions): Promise<Alert> {
    return data(this.t.token({ method: "PATCH", path: `${base}/${segment(id)}`, body: params, options }));
  }

  /** `DELETE /api/v1/developer/alerts/{id}`. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/${segment(id)}`, options });
  }
}
