import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type ApiKey = ResponseBody<"getApiKey">;
export type CreateApiKeyParams = RequestBody<"createApiKey">;
export type CreatedApiKey = ResponseBody<"createApiKey">;
export type UpdateApiKeyParams = RequestBody<"updateApiKey">;
export type RegenerateApiKeyParams = RequestBody<"regenerateApiKey">;
export type RegeneratedApiKey = ResponseBody<"regenerateApiKey">;

const base = "/api/v1/developer/api-keys";

/** API keys (management: access token). */
export class ApiKeys {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/api-keys`. */
  list(options?: RequestOptions): Promise<ApiKey[]> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /** `POST /api/v1/developer/api-keys`: the answer's `rawKey` is the only time the key is shown. */
  create(params: CreateApiKeyParams, options?: RequestOptions): Promise<CreatedApiKey> {
    return data(this.t.token({ method: "POST", path: base, body: params, options }));
  }

  /** `GET /api/v1/developer/api-keys/{id}`. */
  get(id: string, options?: RequestOptions): Promise<ApiKey> {
    return data(this.t.token({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }

  /** `PATCH /api/v1/developer/api-keys/{id}`. */
  update(id: string, params: UpdateApiKeyParams, options?: RequestOptions): Promise<ApiKey> {
    return data(this.t.token({ method: "PATCH", path: `${base}/${segment(id)}`, body: params, options }));
  }

  /** `DELETE /api/v1/developer/api-keys/{id}`. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/${segment(id)}`, options });
  }

  /** `POST /api/v1/developer/api-keys/{id}/regenerate`: a new secret; the old one stops working at once. */
  regenerate(id: string, params: RegenerateApiKeyParams = {}, options?: RequestOptions): Promise<RegeneratedApiKey> {
    return data(this.t.token({ method: "POST", path: `${base}/${segment(id)}/regenerate`, body: params, options }));
  }

  /** `POST /api/v1/developer/api-keys/{id}/enable`. */
  enable(id: string, options?: RequestOptions): Promise<ApiKey> {
    return data(this.t.token({ method: "POST", path: `${base}/${segment(id)}/enable`, options }));
  }

  /** `POST /api/v1/developer/api-keys/{id}/disable`. */
  disable(id: string, options?: RequestOptions): Promise<ApiKey> {
    return data(this.t.token({ method: "POST", path: `${base}/${segment(id)}/disable`, options }));
  }
}
