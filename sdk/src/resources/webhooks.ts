import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Webhook = ResponseBody<"getWebhook">;
export type CreateWebhookParams = RequestBody<"createWebhook">;
export type CreatedWebhook = ResponseBody<"createWebhook">;
export type UpdateWebhookParams = RequestBody<"updateWebhook">;
export type WebhookTestResult = ResponseBody<"testWebhook">;
export type WebhookSecret = ResponseBody<"revealWebhookSecret">;
export type WebhookDelivery = ResponseBody<"listWebhookDeliveries">[number];
export type ListDeliveriesParams = Omit<QueryParams<"listWebhookDeliveries">, "cursor">;
export type WebhookRedelivery = ResponseBody<"redeliverWebhookDelivery">;

const base = "/api/v1/developer/webhooks";

/** A webhook's delivery log. */
export class WebhookDeliveries {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/webhooks/{id}/deliveries`: newest first, every page. */
  list(webhookId: string, params: ListDeliveriesParams = {}, options?: RequestOptions): PageIterator<WebhookDelivery> {
    return new PageIterator((cursor) =>
      this.t.token({
        method: "GET",
        path: `${base}/${segment(webhookId)}/deliveries`,
        query: { ...params, cursor },
        options,
      }),
    );
  }

  /** `POST /api/v1/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver`: a new attempt now (202). */
  redeliver(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<WebhookRedelivery> {
    return data(
      this.t.token({
        method: "POST",
        path: `${base}/${segment(webhookId)}/deliveries/${segment(deliveryId)}/redeliver`,
        options,
      }),
    );
  }
}

/** Webhooks (management: access token). */
export class Webhooks {
  readonly deliveries: WebhookDeliveries;

  constructor(private readonly t: Transport) {
    this.deliveries = new WebhookDeliveries(t);
  }

  /** `GET /api/v1/developer/webhooks`. */
  list(options?: RequestOptions): Promise<Webhook[]> {
    return data(this.t.token({ method: "GET", path: base, options }));
  }

  /** `POST /api/v1/developer/webhooks`: give a `secret` so deliveries are signed. */
  create(params: CreateWebhookParams, options?: RequestOptions): Promise<CreatedWebhook> {
    return data(this.t.token({ method: "POST", path: base, body: params, options }));
  }

  /** `GET /api/v1/developer/webhooks/{id}`. */
  get(id: string, options?: RequestOptions): Promise<Webhook> {
    return data(this.t.token({ method: "GET", path: `${base}/${segment(id)}`, options }));
  }

  /** `PATCH /api/v1/developer/webhooks/{id}` (`secret: null` removes the secret). */
  update(id: string, params: UpdateWebhookParams, options?: RequestOptions): Promise<Webhook> {
    return data(this.t.token({ method: "PATCH", path: `${base}/${segment(id)}`, body: params, options }));
  }

  /** `DELETE /api/v1/developer/webhooks/{id}`. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.token({ method: "DELETE", path: `${base}/${segment(id)}`, options });
  }

  /** `POST /api/v1/developer/webhooks/{id}/reveal-secret`: the signing secret again (owner and admin; audited). */
  revealSecret(id: string, options?: RequestOptions): Promise<WebhookSecret> {
    return data(this.t.token({ method: "POST", path: `${base}/${segment(id)}/reveal-secret`, options }));
  }

  /** `POST /api/v1/developer/webhooks/{id}/test`: sends a `webhook.test` event now and reports the answer. */
  test(id: string, options?: RequestOptions): Promise<WebhookTestResult> {
    return data(this.t.token({ method: "POST", path: `${base}/${segment(id)}/test`, options }));
  }
}
