import { PageIterator } from "../core/pagination.js";
import { segment } from "../core/http.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody, SendOptions } from "../core/types.js";

export type SendSmsParams = RequestBody<"sendSms">;
export type SentSms = ResponseBody<"sendSms">;
export type BulkSmsParams = RequestBody<"sendBulkSms">;
export type BulkSmsResult = ResponseBody<"sendBulkSms">;
export type MessageStatus = ResponseBody<"getMessageStatus">;
export type ListMessagesParams = Omit<QueryParams<"listMessages">, "cursor">;
export type MessageHistoryItem = ResponseBody<"listMessages">[number];
export type BatchSummary = ResponseBody<"getBatch">;
export type SmsQuoteParams = RequestBody<"quoteSms">;
export type SmsQuote = ResponseBody<"quoteSms">;
export type CanceledMessage = ResponseBody<"cancelMessage">;
export type BatchCancelResult = ResponseBody<"cancelBatch">;
export type SimulateInboundParams = RequestBody<"simulateInbound">;
export type InboundMessage = ResponseBody<"simulateInbound">;

/** SMS with an API key: send, bulk, status, history, batches, quotes. */
export class Sms {
  constructor(private readonly t: Transport) {}

  /** `POST /api/v1/sms/send`: queues one message (202). Idempotent by default: see {@link SendOptions}. */
  send(params: SendSmsParams, options?: SendOptions): Promise<SentSms> {
    return data(
      this.t.apiKey({
        method: "POST",
        path: "/api/v1/sms/send",
        body: params,
        idempotencyKey: this.t.idempotencyKey(options?.idempotencyKey),
        options,
      }),
    );
  }

  /** `POST /api/v1/sms/bulk`: queues up to 1,000 messages; refused items are reported per index. */
  bulk(params: BulkSmsParams, options?: SendOptions): Promise<BulkSmsResult> {
    return data(
      this.t.apiKey({
        method: "POST",
        path: "/api/v1/sms/bulk",
        body: params,
        idempotencyKey: this.t.idempotencyKey(options?.idempotencyKey),
        options,
      }),
    );
  }

  /** `GET /api/v1/sms/{messageId}/status`. */
  status(messageId: string, options?: RequestOptions): Promise<MessageStatus> {
    return data(this.t.apiKey({ method: "GET", path: `/api/v1/sms/${segment(messageId)}/status`, options }));
  }

  /**
   * `GET /api/v1/sms`: the key's environment, newest first, every page (following `X-Next-Cursor`).
   *
   *   for await (const message of client.sms.list({ status: "DELIVERED" })) …
   */
  list(params: ListMessagesParams = {}, options?: RequestOptions): PageIterator<MessageHistoryItem> {
    return new PageIterator((cursor) =>
      this.t.apiKey({ method: "GET", path: "/api/v1/sms", query: { ...params, cursor }, options }),
    );
  }

  /** `GET /api/v1/sms/batches/{batchId}`: a bulk request's messages counted by status. */
  batch(batchId: string, options?: RequestOptions): Promise<BatchSummary> {
    return data(this.t.apiKey({ method: "GET", path: `/api/v1/sms/batches/${segment(batchId)}`, options }));
  }

  /**
   * `POST /api/v1/sms/{messageId}/cancel`: a `SCHEDULED` message (sent with `sendAt`) becomes `CANCELED`,
   * never sent nor billed; one that is no longer scheduled throws `not_cancelable` (409).
   */
  cancel(messageId: string, options?: RequestOptions): Promise<CanceledMessage> {
    return data(this.t.apiKey({ method: "POST", path: `/api/v1/sms/${segment(messageId)}/cancel`, options }));
  }

  /** `POST /api/v1/sms/batches/{batchId}/cancel`: cancels the batch's messages still `SCHEDULED`. */
  cancelBatch(batchId: string, options?: RequestOptions): Promise<BatchCancelResult> {
    return data(this.t.apiKey({ method: "POST", path: `/api/v1/sms/batches/${segment(batchId)}/cancel`, options }));
  }

  /** `POST /api/v1/sms/quote`: what a message would cost live, without sending it. */
  quote(params: SmsQuoteParams, options?: RequestOptions): Promise<SmsQuote> {
    return data(this.t.apiKey({ method: "POST", path: "/api/v1/sms/quote", body: params, options }));
  }

  /**
   * `POST /api/v1/sms/inbound` (sandbox keys): a message as if a phone had texted the organization's
   * number; keywords act on it (a simulated STOP opts the sender out).
   */
  simulateInbound(params: SimulateInboundParams, options?: RequestOptions): Promise<InboundMessage> {
    return data(this.t.apiKey({ method: "POST", path: "/api/v1/sms/inbound", body: params, options }));
  }
}
