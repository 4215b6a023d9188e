import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestOptions, ResponseBody } from "../core/types.js";

export type RequestLog = ResponseBody<"getRequestLog">;
export type ListRequestLogsParams = Omit<QueryParams<"listRequestLogs">, "cursor">;

const base = "/api/v1/developer/request-logs";

/** The organization's request log (an access token; every role). */
export class RequestLogsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/request-logs`: newest first, every page; `status` takes `404` or `4xx`. */
  list(params: ListRequestLogsParams = {}, options?: RequestOptions): PageIterator<RequestLog> {
    return new PageIterator((cursor) =>
      this.t.token({ method: "GET", path: base, query: { ...params, cursor }, options }),
    );
  }

  /** `GET /api/v1/developer/request-logs/{id}`: one entry with its redacted bodies. */
  get(id: string, options?: RequestOptions): Promise<RequestLog> {
    return data(this.t.token({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }
}
