import { z } from "zod";
import { keyEnvironmentSchema } from "./api-keys";
import { listCursorSchema, timestampSchema } from "./common";
import { senderSchema, validityPeriodSchema } from "./messages";
import { moneySchema } from "./money";
import { phoneNumberSchema } from "./phone";
import { sendAtSchema } from "./send-at";

// Campaigns (contract §11). Client-safe: the REST routes, the tRPC router, the dashboard's forms
// and the OpenAPI document share these schemas.

export const CAMPAIGN_STATUSES = ["DRAFT", "SCHEDULED", "RUNNING", "PAUSED", "COMPLETED", "CANCELED"] as const;
export const campaignStatusSchema = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** PATCH and DELETE only while the campaign has not started (contract §11), else 409 `campaign_not_editable`. */
export const EDITABLE_STATUSES: readonly CampaignStatus[] = ["DRAFT", "SCHEDULED"];

/**
 * Why a campaign is PAUSED: by hand, by the spend limit, or set aside by the runner after an
 * internal error (its `errorReference` names the logged error); any of them resumes.
 */
export const PAUSED_REASONS = ["manual", "spending_limit_reached", "internal_error"] as const;
export const pausedReasonSchema = z.enum(PAUSED_REASONS);
export type PausedReason = z.infer<typeof pausedReasonSchema>;

export const SKIPPED_REASONS = [
  "opted_out",
  "country_not_allowed",
  "frequency_cap",
  "invalid_template",
  "contact_deleted",
] as const;
export const skippedReasonSchema = z.enum(SKIPPED_REASONS);
export type SkippedReason = z.infer<typeof skippedReasonSchema>;

export const MAX_CAMPAIGN_TEMPLATE_LENGTH = 1600;
export const CAMPAIGN_PAGE_SIZE = 25;
export const MAX_CAMPAIGN_PAGE_SIZE = 100;
export const MAX_FREQUENCY_CAP_HOURS = 24 * 90;
export const MAX_THROTTLE_PER_MINUTE = 60_000;

const tag = z.string().trim().min(1).max(50);
const tags = z
  .array(tag)
  .max(50, "At most 50 tags.")
  .transform((t) => [...new Set(t)]);

export const audienceSchema = z
  .strictObject({
    tags: tags.default([]).meta({ description: "Contacts with any of these tags; empty = every contact." }),
    excludeTags: tags.default([]).meta({ description: "Contacts with any of these tags are left out." }),
  })
  .meta({ id: "CampaignAudience" });

const HH_MM = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const sendWindowSchema = z
  .strictObject({
    start: z.string().regex(HH_MM, "HH:MM, 00:00 to 23:59.").meta({ example: "09:00" }),
    end: z.string().regex(HH_MM, "HH:MM, 00:00 to 23:59.").meta({ example: "20:00" }),
  })
  .refine((w) => w.start !== w.end, { message: "start and end must differ.", path: ["end"] })
  .meta({
    id: "CampaignSendWindow",
    description:
      "The recipient's local time: `start` inclusive, `end` exclusive; `start > end` crosses midnight. A number that " +
      "may be in several zones is sent only while the window is open in all of them.",
  });
export type SendWindow = z.infer<typeof sendWindowSchema>;

const name = z.string().trim().min(1, "Give the campaign a name.").max(200, "Use at most 200 characters.");
export const campaignTemplateSchema = z
  .string()
  .min(1, "The template is empty.")
  .max(MAX_CAMPAIGN_TEMPLATE_LENGTH, `At most ${MAX_CAMPAIGN_TEMPLATE_LENGTH} characters.`)
  .meta({
    description:
      "Text with `{{firstName}}`, `{{lastName}}`, `{{email}}`, `{{phone}}`, `{{attributes.NAME}}`, each with an optional " +
      "fallback (`{{firstName|there}}`). An unknown variable is 400 `invalid_request` (details path `template`).",
    example: "Hi {{firstName|there}}, 20% off today: https://acme.example/sale",
  });

const campaignFields = {
  name,
  audience: audienceSchema.optional(),
  from: senderSchema.nullish().meta({ description: "Sender label or number; the organization's default when null." }),
  template: campaignTemplateSchema,
  appendOptOutText: z.boolean().optional(),
  scheduledAt: sendAtSchema
    .nullish()
    .meta({ description: "When it starts (60 s to 35 days ahead); null = at launch." }),
  sendWindow: sendWindowSchema.nullish(),
  throttlePerMinute: z.number().int().min(1).max(MAX_THROTTLE_PER_MINUTE).nullish(),
  validityPeriod: validityPeriodSchema.nullish(),
  frequencyCapHours: z.number().int().min(1).max(MAX_FREQUENCY_CAP_HOURS).nullish(),
  linkTracking: z.boolean().optional(),
};

export const createCampaignInput = z
  .strictObject({
    ...campaignFields,
    environment: keyEnvironmentSchema.optional().meta({
      description: "Dashboard and JWT callers only (default `test`); an API key's campaign is in its environment.",
    }),
  })
  .meta({ id: "CreateCampaignRequest" });
export type CreateCampaignInput = z.input<typeof createCampaignInput>;

export const updateCampaignInput = z
  .strictObject({ ...campaignFields, name: name.optional(), template: campaignTemplateSchema.optional() })
  .meta({ id: "UpdateCampaignRequest" });
export type UpdateCampaignInput = z.input<typeof updateCampaignInput>;

export const campaignStatsSchema = z
  .object({
    recipients: z.number().int().meta({ description: "Every row of the recipients list, skipped ones included." }),
    pending: z.number().int().meta({ description: "Recipients still waiting for their message." }),
    queued: z.number().int(),
    sent: z.number().int(),
    delivered: z.number().int(),
    undelivered: z.number().int(),
    failed: z.number().int(),
    canceled: z.number().int().meta({
      description: "Messages canceled, and recipients who were still waiting when the campaign was canceled.",
    }),
    skipped: z.object({
      opted_out: z.number().int(),
      country_not_allowed: z.number().int(),
      frequency_cap: z.number().int(),
      invalid_template: z.number().int(),
      contact_deleted: z.number().int().meta({
        description: "Contacts deleted after the audience was fixed: never texted, never billed.",
      }),
    }),
    clicks: z.number().int(),
    uniqueClicks: z.number().int(),
    optOuts: z.number().int().meta({ description: "STOPs received from recipients within 7 days of their message." }),
    spend: moneySchema,
  })
  .meta({ id: "CampaignStats" });
export type CampaignStats = z.infer<typeof campaignStatsSchema>;

export const campaignEstimateSchema = z
  .object({ recipients: z.number().int(), segments: z.number().int(), price: moneySchema })
  .meta({
    id: "CampaignEstimate",
    description:
      "What the audience would cost now: contacts matching it, not opted out; segments of the template with its fallbacks.",
  });
export type CampaignEstimate = z.infer<typeof campaignEstimateSchema>;

export const campaignSchema = z
  .object({
    id: z.string().meta({ example: "cmp_2Qm8bZ0aF3kLwX9yT1uV4c" }),
    name: z.string(),
    environment: keyEnvironmentSchema,
    status: campaignStatusSchema,
    pausedReason: pausedReasonSchema.nullable(),
    errorReference: z
      .string()
      .nullable()
      .meta({
        description:
          'With pausedReason "internal_error": the reference of the error that paused it, for support. ' +
          "Resume once the cause is fixed.",
        example: null,
      }),
    audience: z.object({ tags: z.array(z.string()), excludeTags: z.array(z.string()) }),
    from: z.string().nullable(),
    template: z.string(),
    appendOptOutText: z.boolean(),
    scheduledAt: timestampSchema.nullable(),
    sendWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
    throttlePerMinute: z.number().int().nullable(),
    validityPeriod: z.number().int().nullable(),
    frequencyCapHours: z.number().int().nullable(),
    linkTracking: z.boolean(),
    estimate: campaignEstimateSchema,
    stats: campaignStatsSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    launchedAt: timestampSchema.nullable(),
    completedAt: timestampSchema.nullable(),
  })
  .meta({ id: "Campaign" });
export type CampaignView = z.infer<typeof campaignSchema>;

export const listCampaignsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_CAMPAIGN_PAGE_SIZE).default(CAMPAIGN_PAGE_SIZE),
  cursor: listCursorSchema.optional(),
  status: campaignStatusSchema.optional(),
});
export type ListCampaignsQuery = z.output<typeof listCampaignsQuery>;

export interface CampaignPage {
  items: CampaignView[];
  nextCursor: string | null;
}

export const previewCampaignInput = z
  .strictObject({ contactId: z.string().min(1).max(64).optional() })
  .meta({ id: "CampaignPreviewRequest" });

export const campaignPreviewSchema = z
  .object({
    text: z.string().meta({ description: "As it will be sent: variables filled, opt-out text appended." }),
    segments: z.number().int(),
    encoding: z.enum(["GSM-7", "UCS-2"]),
    price: moneySchema.meta({ description: "segments × the recipient's country price; `0.0000` in the sandbox." }),
  })
  .meta({ id: "CampaignPreview" });
export type CampaignPreview = z.infer<typeof campaignPreviewSchema>;

export const testCampaignInput = z
  .strictObject({
    to: phoneNumberSchema,
    contactId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Render for this contact; else with the fallbacks." }),
  })
  .meta({ id: "CampaignTestRequest" });

export const RECIPIENT_STATUSES = ["PENDING", "ACCEPTED", "SKIPPED", "CANCELED"] as const;
export const recipientFilterSchema = z.enum(RECIPIENT_STATUSES);

export const listRecipientsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_CAMPAIGN_PAGE_SIZE).default(50),
  cursor: listCursorSchema.optional(),
  status: recipientFilterSchema
    .optional()
    .meta({ description: "PENDING (waiting), ACCEPTED (has a message), SKIPPED, or CANCELED (never texted)." }),
});
export type ListRecipientsQuery = z.output<typeof listRecipientsQuery>;

export const campaignRecipientSchema = z
  .object({
    contactId: z.string(),
    phone: z.string(),
    messageId: z.string().nullable(),
    status: z.string().meta({
      description:
        "The message's current status (QUEUED, SENT, DELIVERED, …) once accepted; else PENDING, SKIPPED or CANCELED.",
      example: "DELIVERED",
    }),
    skippedReason: skippedReasonSchema.nullable(),
    skippedDetail: z
      .string()
      .nullable()
      .meta({
        description:
          "The reason in words, when there is more to say than its code: which variable had no value, or how long " +
          "the text came out once filled in (over 1,600 characters is `invalid_template`).",
        example: "Filled in, the text is 88,023 characters; a message may have at most 1,600.",
      }),
  })
  .meta({ id: "CampaignRecipient" });
export type CampaignRecipientView = z.infer<typeof campaignRecipientSchema>;

export interface RecipientPage {
  items: CampaignRecipientView[];
  nextCursor: string | null;
}

/** `campaign.*` events (contract §11). */
export const CAMPAIGN_EVENT_TYPES = [
  "campaign.started",
  "campaign.paused",
  "campaign.completed",
  "campaign.canceled",
] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number];

export const audienceCountInput = z.strictObject({ audience: audienceSchema });
