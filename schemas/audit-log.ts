import { z } from "zod";
import { isoInstantSchema } from "./dates";
import { listCursorSchema, timestampSchema } from "./common";
import { keyEnvironmentSchema } from "./api-keys";
import { roleSchema } from "./roles";

// The audit log (issue 10 §4): who changed what, from where, and when. Client-safe: the REST
// route, the tRPC procedure, the OpenAPI document and the dashboard page share these schemas.

/** Every action the log records, grouped by the resource it acts on. */
export const AUDIT_ACTIONS = [
  "apiKey.created",
  "apiKey.updated",
  "apiKey.enabled",
  "apiKey.disabled",
  "apiKey.regenerated",
  "apiKey.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secretRevealed",
  "webhookDelivery.redelivered",
  "rateLimits.updated",
  "billing.updated",
  "inboundSettings.updated",
  "member.added",
  "member.roleChanged",
  "member.removed",
  "session.signedIn",
  "session.refreshTokenReused",
  "session.revoked",
  "account.passwordResetRequested",
  "account.passwordReset",
  "account.passwordChanged",
  "account.verificationSent",
  "account.emailVerified",
  "account.profileUpdated",
  "invitation.created",
  "invitation.resent",
  "invitation.linkCopied",
  "invitation.revoked",
  "invitation.accepted",
  "fraudGuard.updated",
  "fraudGuard.unblocked",
  "twoFactor.enabled",
  "twoFactor.disabled",
  "twoFactor.recoveryCodesRegenerated",
  "twoFactor.recoveryCodeUsed",
  "twoFactor.requirementChanged",
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "contactImport.started",
  "optOut.added",
  "optOut.removed",
  "organization.updated",
  "campaign.created",
  "campaign.updated",
  "campaign.deleted",
  "campaign.launched",
  "campaign.paused",
  "campaign.resumed",
  "campaign.canceled",
  "senderPool.created",
  "senderPool.updated",
  "senderPool.deleted",
] as const;
export const auditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const AUDIT_RESOURCE_TYPES = [
  "apiKey",
  "webhook",
  "webhookDelivery",
  "rateLimits",
  "billing",
  "inboundSettings",
  "member",
  "session",
  "account",
  "invitation",
  "fraudGuard",
  "fraudBlock",
  "twoFactor",
  "organizationSecurity",
  "contact",
  "contactImport",
  "optOut",
  "organization",
  "campaign",
  "senderPool",
] as const;
export const auditResourceTypeSchema = z.enum(AUDIT_RESOURCE_TYPES);
export type AuditResourceType = z.infer<typeof auditResourceTypeSchema>;

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "apiKey.created": "API key created",
  "apiKey.updated": "API key updated",
  "apiKey.enabled": "API key enabled",
  "apiKey.disabled": "API key disabled",
  "apiKey.regenerated": "API key regenerated",
  "apiKey.deleted": "API key deleted",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook updated",
  "webhook.deleted": "Webhook deleted",
  "webhook.secretRevealed": "Webhook signing secret revealed",
  "webhookDelivery.redelivered": "Webhook event redelivered",
  "rateLimits.updated": "Rate limits changed",
  "billing.updated": "Billing settings changed",
  "inboundSettings.updated": "Keyword settings changed",
  "member.added": "Member added",
  "member.roleChanged": "Member role changed",
  "member.removed": "Member removed",
  "session.signedIn": "Signed in",
  "session.refreshTokenReused": "Refresh token reused (session revoked)",
  "session.revoked": "Session revoked",
  "account.passwordResetRequested": "Password reset requested",
  "account.passwordReset": "Password reset",
  "account.passwordChanged": "Password changed",
  "account.verificationSent": "Verification email sent",
  "account.emailVerified": "Email address verified",
  "account.profileUpdated": "Profile updated",
  "invitation.created": "Member invited",
  "invitation.resent": "Invitation resent",
  "invitation.linkCopied": "Invitation link copied",
  "invitation.revoked": "Invitation revoked",
  "invitation.accepted": "Invitation accepted",
  "fraudGuard.updated": "Fraud guard settings changed",
  "fraudGuard.unblocked": "Prefix unblocked",
  "twoFactor.enabled": "Two-factor sign-in enabled",
  "twoFactor.disabled": "Two-factor sign-in disabled",
  "twoFactor.recoveryCodesRegenerated": "Recovery codes regenerated",
  "twoFactor.recoveryCodeUsed": "Recovery code used to sign in",
  "twoFactor.requirementChanged": "Two-factor requirement changed",
  "contact.created": "Contact created",
  "contact.updated": "Contact edited",
  "contact.deleted": "Contact deleted",
  "contactImport.started": "Contacts imported",
  "optOut.added": "Number opted out",
  "optOut.removed": "Number opted back in",
  "organization.updated": "Organization settings changed",
  "campaign.created": "Campaign created",
  "campaign.updated": "Campaign updated",
  "campaign.deleted": "Campaign deleted",
  "campaign.launched": "Campaign launched",
  "campaign.paused": "Campaign paused",
  "campaign.resumed": "Campaign resumed",
  "campaign.canceled": "Campaign canceled",
  "senderPool.created": "Sender pool created",
  "senderPool.updated": "Sender pool updated",
  "senderPool.deleted": "Sender pool deleted",
};

export const AUDIT_RESOURCE_LABELS: Record<AuditResourceType, string> = {
  apiKey: "API key",
  webhook: "Webhook",
  webhookDelivery: "Webhook delivery",
  rateLimits: "Rate limits",
  billing: "Billing settings",
  inboundSettings: "Keyword settings",
  member: "Member",
  session: "Session",
  account: "Account",
  invitation: "Invitation",
  fraudGuard: "Fraud guard",
  fraudBlock: "Fraud guard block",
  twoFactor: "Two-factor sign-in",
  organizationSecurity: "Organization security",
  contact: "Contact",
  contactImport: "Contact import",
  optOut: "Opt-out",
  organization: "Organization",
  campaign: "Campaign",
  senderPool: "Sender pool",
};

/*
 * What a change recorded of each resource. These are plain (non-strict) objects, so parsing a row
 * or a view through them keeps only the fields listed here: key hashes, raw keys, webhook secrets
 * and their ciphertext, password hashes and tokens are not fields, so they can never be written.
 */
const apiKeySnapshot = z.object({
  name: z.string(),
  description: z.string().nullable(),
  environment: keyEnvironmentSchema,
  /** The display prefix (12 characters, as every key list shows it), never the secret. */
  keyPrefix: z.string(),
  permissions: z.array(z.string()),
  ipRestrictions: z.array(z.string()),
  isActive: z.boolean(),
  expiresAt: z.string().nullable(),
});

const webhookSnapshot = z.object({
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  isActive: z.boolean(),
  hasSecret: z.boolean(),
});

/** A redelivery or resend: which event went to which webhook again (never its body). */
const webhookDeliverySnapshot = z.object({ webhookId: z.string(), eventId: z.string(), event: z.string() });

const billingSnapshot = z.object({
  monthlySpendLimit: z.string().nullable(),
  alertThresholds: z.array(z.number()),
  allowedCountries: z.array(z.string()).nullable(),
});

const inboundSettingsSnapshot = z.object({
  keywordsEnabled: z.boolean(),
  stopReply: z.string(),
  startReply: z.string(),
  helpReply: z.string(),
});

const rateLimitsSnapshot = z.object({
  perMinute: z.number(),
  perHour: z.number(),
  perDay: z.number(),
  enabled: z.boolean(),
});

const memberSnapshot = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
});

/** Account events (contract §14): never a token or a password, only what happened to the account. */
const accountSnapshot = z.object({
  email: z.string().optional(),
  name: z.string().nullable().optional(),
  emailVerified: z.boolean().optional(),
  /** How many other sessions a password change or reset ended. */
  sessionsRevoked: z.number().optional(),
});

const invitationSnapshot = z.object({
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string().optional(),
});

const sessionSnapshot = z.object({
  /** Where the sign-in happened: the REST token endpoint or the dashboard. */
  via: z.enum(["api", "dashboard"]).optional(),
  /** The refresh-token family that was revoked, on reuse. */
  revoked: z.boolean().optional(),
});

const fraudGuardSnapshot = z.object({ level: z.string(), safeList: z.array(z.string()) });

const fraudBlockSnapshot = z.object({
  prefix: z.string(),
  country: z.string().nullable(),
  until: z.string(),
  sends: z.number(),
  verified: z.number(),
});

/** Never the TOTP secret nor a recovery code: whether it is on, and how many codes are left. */
const twoFactorSnapshot = z.object({
  enabled: z.boolean(),
  recoveryCodesRemaining: z.number().optional(),
  via: z.enum(["api", "dashboard"]).optional(),
});

const organizationSecuritySnapshot = z.object({ requireMfa: z.boolean() });

const contactSnapshot = z.object({
  phone: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  tags: z.array(z.string()),
});

const contactImportSnapshot = z.object({ totalRows: z.number(), status: z.string() });

const optOutSnapshot = z.object({ phone: z.string(), source: z.string() });

const organizationSnapshot = z.object({ defaultCountry: z.string().nullable() });

/** A campaign's settings and status (contract §11); never its recipients. */
const campaignSnapshot = z.object({
  name: z.string(),
  environment: keyEnvironmentSchema,
  status: z.string(),
  pausedReason: z.string().nullable().optional(),
  errorReference: z.string().nullable().optional(),
  audience: z.object({ tags: z.array(z.string()), excludeTags: z.array(z.string()) }),
  from: z.string().nullable(),
  template: z.string(),
  appendOptOutText: z.boolean(),
  scheduledAt: z.string().nullable(),
  sendWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  throttlePerMinute: z.number().nullable(),
  frequencyCapHours: z.number().nullable(),
  linkTracking: z.boolean(),
});

const senderPoolSnapshot = z.object({
  name: z.string(),
  numbers: z.array(z.string()),
  alphanumericSenderId: z.string().nullable(),
  stickySender: z.boolean(),
  geoMatch: z.boolean(),
});

export const AUDIT_SNAPSHOTS = {
  apiKey: apiKeySnapshot,
  webhook: webhookSnapshot,
  webhookDelivery: webhookDeliverySnapshot,
  rateLimits: rateLimitsSnapshot,
  billing: billingSnapshot,
  inboundSettings: inboundSettingsSnapshot,
  member: memberSnapshot,
  session: sessionSnapshot,
  account: accountSnapshot,
  invitation: invitationSnapshot,
  fraudGuard: fraudGuardSnapshot,
  fraudBlock: fraudBlockSnapshot,
  twoFactor: twoFactorSnapshot,
  organizationSecurity: organizationSecuritySnapshot,
  contact: contactSnapshot,
  contactImport: contactImportSnapshot,
  optOut: optOutSnapshot,
  organization: organizationSnapshot,
  campaign: campaignSnapshot,
  senderPool: senderPoolSnapshot,
} as const satisfies Record<AuditResourceType, z.ZodObject>;

/**
 * "What changed": the fields that differ, before and after (a creation has no `before`, a deletion
 * no `after`). `secretChanged` marks a change of a secret whose value is never recorded (a key
 * regenerated, a webhook signing secret set or removed).
 */
export const auditChangesSchema = z
  .object({
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    secretChanged: z.boolean().optional(),
  })
  .meta({ id: "AuditChanges" });
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const AUDIT_ACTOR_TYPES = ["user", "apiKey", "system"] as const;

export const auditEntrySchema = z
  .object({
    id: z.string().meta({ example: "aud_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    action: auditActionSchema,
    resourceType: auditResourceTypeSchema,
    resourceId: z.string().nullable().meta({ example: "key_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    actor: z.object({
      type: z.enum(AUDIT_ACTOR_TYPES),
      /** `usr_…` or `key_…`; null for the system (seeds, scripts). */
      id: z.string().nullable(),
      /** The user's email or the key's name now, when they still exist. */
      label: z.string().nullable(),
    }),
    ip: z.string().nullable().meta({ example: "203.0.113.7" }),
    userAgent: z.string().nullable(),
    changes: auditChangesSchema.nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: "AuditLogEntry" });
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

const idFilter = z.string().trim().min(1).max(64);

/** REST query: newest first; the next page's cursor comes in `X-Next-Cursor`. */
export const auditLogQuery = z
  .strictObject({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: listCursorSchema.optional(),
    actor: idFilter.optional(),
    action: auditActionSchema.optional(),
    resourceType: auditResourceTypeSchema.optional(),
    resourceId: idFilter.optional(),
    from: isoInstantSchema.optional(),
    until: isoInstantSchema.optional(),
  })
  .refine((v) => !v.from || !v.until || v.from < v.until, {
    message: "`until` must be after `from`.",
    path: ["until"],
  });
export type AuditLogQuery = z.output<typeof auditLogQuery>;

export const AUDIT_PAGE_SIZE = 25;

/** The same filters as a tRPC input (dates arrive as Dates through superjson). */
export const listAuditLogInput = z
  .strictObject({
    actor: idFilter.optional(),
    action: auditActionSchema.optional(),
    resourceType: auditResourceTypeSchema.optional(),
    resourceId: idFilter.optional(),
    from: z.date().optional(),
    until: z.date().optional(),
    cursor: listCursorSchema.optional(),
    /** Added by infinite queries; paging only goes forward, so it is ignored. */
    direction: z.enum(["forward", "backward"]).optional(),
    limit: z.number().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.until || v.from < v.until, {
    message: "The end of the date range is before its start.",
    path: ["until"],
  });
export type ListAuditLogInput = z.input<typeof listAuditLogInput>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
