import type { OperationErrorCodes } from "../generated/error-codes.js";
import type { components, operations } from "../generated/openapi.js";

/** Every operation of the API, by its OpenAPI `operationId`. */
export type OperationId = keyof operations;

type Json<T> = T extends { content: { "application/json": infer B } } ? B : never;

/** The JSON request body of an operation. */
export type RequestBody<Op extends OperationId> = operations[Op] extends { requestBody?: infer R } ? Json<R> : never;

/** The query parameters of an operation. */
export type QueryParams<Op extends OperationId> = operations[Op]["parameters"] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;

type SuccessStatus = 200 | 201 | 202;
type Responses<Op extends OperationId> = operations[Op]["responses"];

/** The JSON body of an operation's success answer (`void` for a 204). */
export type ResponseBody<Op extends OperationId> = {
  [S in keyof Responses<Op>]: S extends SuccessStatus ? Json<Responses<Op>[S]> : never;
}[keyof Responses<Op>] extends infer B
  ? [B] extends [never]
    ? void
    : B
  : never;

/** The `error.code` values an operation can answer with. */
export type ErrorCodeOf<Op extends OperationId & keyof OperationErrorCodes> = Extract<
  OperationErrorCodes[Op][keyof OperationErrorCodes[Op]],
  string
>;

/** A schema of the API by its component name (`Schema<"SentSms">`). */
export type Schema<Name extends keyof components["schemas"]> = components["schemas"][Name];

/** Options every method takes as its last argument. */
export interface RequestOptions {
  /** Aborts the call (and any wait before a retry). */
  signal?: AbortSignal;
  /** Milliseconds for each attempt; overrides the client's `timeout`. */
  timeout?: number;
  /** Overrides the client's `maxRetries` for this call. */
  maxRetries?: number;
}

/** Options of the sends (SMS, bulk, OTP): they also take an idempotency key. */
export interface SendOptions extends RequestOptions {
  /**
   * Sent as `Idempotency-Key`. By default the SDK makes a random UUID per call and keeps it across
   * that call's retries, so a retry never sends twice; pass your own (an order id, say) to make
   * separate calls idempotent too.
   */
  idempotencyKey?: string;
}
