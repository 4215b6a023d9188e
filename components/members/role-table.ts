import type { Action } from "@/schemas/roles";

/**
 * The Members page's role table (contract §3 with issue 39's support decisions), one row per area:
 * `manage` and `read` are the actions that give "Manage" and "View", `allow` a yes/no right. The
 * cells come from can(), the table the server enforces, so the page cannot drift from it.
 */
export type RoleTableRow =
  | { label: string; manage?: Action; read: Action; allow?: never }
  | { label: string; allow: Action; manage?: never; read?: never };

export const ROLE_TABLE: RoleTableRow[] = [
  { label: "API keys", manage: "apiKeys.manage", read: "apiKeys.read" },
  { label: "Webhooks and delivery logs", manage: "webhooks.manage", read: "webhooks.read" },
  { label: "Redeliver webhook events (audited)", allow: "webhooks.redeliver" },
  { label: "Reveal webhook signing secrets (audited)", allow: "webhooks.revealSecret" },
  { label: "Messages and their status", read: "messages.read" },
  { label: "Live message bodies", allow: "messages.readLiveBody" },
  { label: "OTP codes in message bodies", allow: "messages.readOtpCodes" },
  { label: "Send sandbox test SMS", allow: "messages.sendTest" },
  { label: "Contacts and opt-outs", manage: "contacts.manage", read: "contacts.read" },
  { label: "Export all contacts (CSV)", allow: "contacts.export" },
  { label: "Campaigns", manage: "campaigns.manage", read: "campaigns.read" },
  { label: "Keyword replies (STOP, HELP)", manage: "inbound.manage", read: "inbound.read" },
  { label: "Rate limits", manage: "rateLimits.manage", read: "rateLimits.read" },
  { label: "Billing, usage and spend limit", manage: "billing.manage", read: "billing.read" },
  { label: "OTP fraud guard", manage: "fraudGuard.manage", read: "fraudGuard.read" },
  { label: "Members and invitations", manage: "members.manage", read: "members.read" },
  { label: "Audit log", read: "auditLog.read" },
  { label: "Sign-in IP addresses and devices in it", allow: "auditLog.readClientDetails" },
  { label: "Require two-factor sign-in", allow: "security.manage" },
];
