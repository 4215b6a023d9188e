import { errorFromResponse, SignalGateError } from "./errors.js";
import { buildUrl, type HttpConfig } from "./http.js";
import type { RequestOptions } from "./types.js";

/** A request whose answer is read as it arrives (Server-Sent Events), not buffered. */
export interface StreamRequest {
  method: "GET";
  path: string;
  query?: object;
  headers?: Record<string, string>;
  authorization?: string;
  options?: Pick<RequestOptions, "signal">;
}

/** Open the request and answer the response with its body unread; a non-2xx answer throws its SignalGateError. */
export async function openStream(config: HttpConfig, req: StreamRequest): Promise<Response> {
  let res: Response;
  try {
    res = await config.fetch(buildUrl(config.baseUrl, req.path, req.query), {
      method: req.method,
      headers: {
        ...config.headers,
        ...req.headers,
        ...(req.authorization ? { authorization: req.authorization } : {}),
      },
      signal: req.options?.signal,
    });
  } catch (err) {
    if (req.options?.signal?.aborted) throw req.options.signal.reason;
    throw new SignalGateError({
      status: 0,
      code: "connection_error",
      message: `${req.method} ${req.path} failed: ${err instanceof Error ? err.message : String(err)}`,
      cause: err,
    });
  }
  if (!res.ok) throw await errorFromResponse(res, config.baseUrl);
  if (!res.body) {
    throw new SignalGateError({ status: res.status, code: "unexpected_response", message: `${req.path}: no body` });
  }
  return res;
}
