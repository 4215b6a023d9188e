import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Campaign = ResponseBody<"getCampaign">;
export type CampaignStats = Campaign["stats"];
export type ListCampaignsParams = Omit<QueryParams<"listCampaigns">, "cursor">;
export type CreateCampaignParams = RequestBody<"createCampaign">;
export type UpdateCampaignParams = RequestBody<"updateCampaign">;
export type PreviewCampaignParams = RequestBody<"previewCampaign">;
export type CampaignPreview = ResponseBody<"previewCampaign">;
export type TestCampaignParams = RequestBody<"testCampaign">;
export type CampaignTestMessage = ResponseBody<"testCampaign">;
export type CampaignRecipient = ResponseBody<"listCampaignRecipients">[number];
export type ListCampaignRecipientsParams = Omit<QueryParams<"listCampaignRecipients">, "cursor">;

/**
 * Campaigns (an API key with `campaigns.manage`, its environment's campaigns; or a member's
 * access token, both environments).
 */
export class Campaigns {
  constructor(private readonly t: Transport) {}

  private path(id: string, action = ""): string {
    return `/api/v1/campaigns/${segment(id)}${action ? `/${action}` : ""}`;
  }

  /** `GET /api/v1/campaigns`: every page, newest first. */
  list(params: ListCampaignsParams = {}, options?: RequestOptions): PageIterator<Campaign> {
    return new PageIterator((cursor) =>
      this.t.any({ method: "GET", path: "/api/v1/campaigns", query: { ...params, cursor }, options }),
    );
  }

  /** `POST /api/v1/campaigns`: a DRAFT. */
  create(params: CreateCampaignParams, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "POST", path: "/api/v1/campaigns", body: params, options }));
  }

  /** `GET /api/v1/campaigns/{id}`, with its stats. */
  get(id: string, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "GET", path: this.path(id), options }));
  }

  /** `PATCH /api/v1/campaigns/{id}` (DRAFT or SCHEDULED only). */
  update(id: string, params: UpdateCampaignParams, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "PATCH", path: this.path(id), body: params, options }));
  }

  /** `DELETE /api/v1/campaigns/{id}` (DRAFT or SCHEDULED only). */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.any({ method: "DELETE", path: this.path(id), options });
  }

  /** `POST /api/v1/campaigns/{id}/preview`: the text for a contact, its segments, encoding and price. */
  preview(id: string, params: PreviewCampaignParams = {}, options?: RequestOptions): Promise<CampaignPreview> {
    return data(this.t.any({ method: "POST", path: this.path(id, "preview"), body: params, options }));
  }

  /** `POST /api/v1/campaigns/{id}/test`: one message, not counted in the stats. */
  test(id: string, params: TestCampaignParams, options?: RequestOptions): Promise<CampaignTestMessage> {
    return data(this.t.any({ method: "POST", path: this.path(id, "test"), body: params, options }));
  }

  /** `POST /api/v1/campaigns/{id}/launch`: SCHEDULED or RUNNING. */
  launch(id: string, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "POST", path: this.path(id, "launch"), options }));
  }

  /** `POST /api/v1/campaigns/{id}/pause`. */
  pause(id: string, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "POST", path: this.path(id, "pause"), options }));
  }

  /** `POST /api/v1/campaigns/{id}/resume`. */
  resume(id: string, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "POST", path: this.path(id, "resume"), options }));
  }

  /** `POST /api/v1/campaigns/{id}/cancel`. */
  cancel(id: string, options?: RequestOptions): Promise<Campaign> {
    return data(this.t.any({ method: "POST", path: this.path(id, "cancel"), options }));
  }

  /** `GET /api/v1/campaigns/{id}/recipients`: every page, with `skippedReason`. */
  recipients(
    id: string,
    params: ListCampaignRecipientsParams = {},
    options?: RequestOptions,
  ): PageIterator<CampaignRecipient> {
    return new PageIterator((cursor) =>
      this.t.any({ method: "GET", path: this.path(id, "recipients"), query: { ...params, cursor }, options }),
    );
  }
}
