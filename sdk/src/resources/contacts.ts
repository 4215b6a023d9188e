import { segment } from "../core/http.js";
import { PageIterator } from "../core/pagination.js";
import { data, type Transport } from "../core/transport.js";
import type { QueryParams, RequestBody, RequestOptions, ResponseBody } from "../core/types.js";

export type Contact = ResponseBody<"getContact">;
export type ListContactsParams = Omit<QueryParams<"listContacts">, "cursor">;
export type CreateContactParams = RequestBody<"createContact">;
export type UpdateContactParams = RequestBody<"updateContact">;
export type ContactImportAccepted = ResponseBody<"importContacts">;
export type ContactImport = ResponseBody<"getContactImport">;
/** What a CSV column is imported as (the `mapping` of `POST /api/v1/contacts/imports`). */
export type ContactImportField =
  "phone" | "first_name" | "last_name" | "full_name" | "email" | "tags" | "attribute" | "skip";
export interface ImportContactsParams {
  /** Column name (as in the header, any case) → field; columns not named keep the default rule. */
  mapping?: Record<string, ContactImportField>;
}
export type OptOut = ResponseBody<"createOptOut">;
export type ListOptOutsParams = Omit<QueryParams<"listOptOuts">, "cursor">;
export type CreateOptOutParams = RequestBody<"createOptOut">;
export type ReceivingNumber = ResponseBody<"listNumbers">[number];
export type ContactSettings = ResponseBody<"getContactSettings">;
export type UpdateContactSettingsParams = RequestBody<"updateContactSettings">;

/** How contacts' local numbers are read: the organization's default country (management). */
export class ContactSettingsResource {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/developer/contact-settings`. */
  get(options?: RequestOptions): Promise<ContactSettings> {
    return data(this.t.token({ method: "GET", path: "/api/v1/developer/contact-settings", options }));
  }

  /** `PATCH /api/v1/developer/contact-settings` (owner, admin, developer). */
  update(params: UpdateContactSettingsParams, options?: RequestOptions): Promise<ContactSettings> {
    return data(this.t.token({ method: "PATCH", path: "/api/v1/developer/contact-settings", body: params, options }));
  }
}

/** Contacts (API key with `contacts.read` / `contacts.write`). */
export class Contacts {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/contacts`: every page, following `X-Next-Cursor`. */
  list(params: ListContactsParams = {}, options?: RequestOptions): PageIterator<Contact> {
    return new PageIterator((cursor) =>
      this.t.apiKey({ method: "GET", path: "/api/v1/contacts", query: { ...params, cursor }, options }),
    );
  }

  /** `POST /api/v1/contacts`. */
  create(params: CreateContactParams, options?: RequestOptions): Promise<Contact> {
    return data(this.t.apiKey({ method: "POST", path: "/api/v1/contacts", body: params, options }));
  }

  /** `GET /api/v1/contacts/{id}`. */
  get(id: string, options?: RequestOptions): Promise<Contact> {
    return data(this.t.apiKey({ method: "GET", path: `/api/v1/contacts/${segment(id)}`, options }));
  }

  /** `PATCH /api/v1/contacts/{id}`. */
  update(id: string, params: UpdateContactParams, options?: RequestOptions): Promise<Contact> {
    return data(this.t.apiKey({ method: "PATCH", path: `/api/v1/contacts/${segment(id)}`, body: params, options }));
  }

  /** `DELETE /api/v1/contacts/{id}`. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.t.apiKey({ method: "DELETE", path: `/api/v1/contacts/${segment(id)}`, options });
  }

  /**
   * `POST /api/v1/contacts/imports`: a CSV (header row; at most 10 MiB), imported in the background.
   * `mapping` reads columns with other names: `{ Mobile: "phone", name: "full_name" }`.
   */
  import(
    csv: string | Uint8Array,
    params: ImportContactsParams = {},
    options?: RequestOptions,
  ): Promise<ContactImportAccepted> {
    return data(
      this.t.apiKey({
        method: "POST",
        path: "/api/v1/contacts/imports",
        query: params.mapping ? { mapping: JSON.stringify(params.mapping) } : undefined,
        raw: { contentType: "text/csv", data: csv },
        options,
      }),
    );
  }

  /** `GET /api/v1/contacts/imports/{id}`: an import's progress and skipped rows. */
  getImport(id: string, options?: RequestOptions): Promise<ContactImport> {
    return data(this.t.apiKey({ method: "GET", path: `/api/v1/contacts/imports/${segment(id)}`, options }));
  }

  /** `GET /api/v1/contacts/export`: every contact as CSV text. */
  export(options?: RequestOptions): Promise<string> {
    return data(this.t.apiKey({ method: "GET", path: "/api/v1/contacts/export", responseType: "text", options }));
  }
}

/** Opt-outs: numbers that asked not to be messaged. */
export class OptOuts {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/contacts/opt-outs`: every page. */
  list(params: ListOptOutsParams = {}, options?: RequestOptions): PageIterator<OptOut> {
    return new PageIterator((cursor) =>
      this.t.apiKey({ method: "GET", path: "/api/v1/contacts/opt-outs", query: { ...params, cursor }, options }),
    );
  }

  /** `POST /api/v1/contacts/opt-outs`. */
  create(params: CreateOptOutParams, options?: RequestOptions): Promise<OptOut> {
    return data(this.t.apiKey({ method: "POST", path: "/api/v1/contacts/opt-outs", body: params, options }));
  }

  /** `DELETE /api/v1/contacts/opt-outs/{phone}`: the number opts back in. */
  async delete(phone: string, options?: RequestOptions): Promise<void> {
    await this.t.apiKey({ method: "DELETE", path: `/api/v1/contacts/opt-outs/${segment(phone)}`, options });
  }
}

/** The organization's receiving numbers. */
export class Numbers {
  constructor(private readonly t: Transport) {}

  /** `GET /api/v1/numbers`. */
  list(options?: RequestOptions): Promise<ReceivingNumber[]> {
    return data(this.t.apiKey({ method: "GET", path: "/api/v1/numbers", options }));
  }
}
