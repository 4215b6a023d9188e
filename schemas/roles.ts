import { z } from "zod";

export const ROLES = ["owner", "admin", "developer", "support"] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * contract.md §3 as data. The dashboard hides what a role cannot do, the REST wrapper and tRPC
 * procedures refuse it: all three read this table.
 */
export const ACTIONS = [
  "apiKeys.read",
  "apiKeys.manage",
  "webhooks.read",
  "webhooks.manage",
  /**
   * A new attempt of a delivery, or an event resent to a webhook: support may, as at Twilio and
   * Stripe (support helps customers), and it is audited (issue 39).
   */
  "webhooks.redeliver",
  /** Show a webhook's signing secret again (audited): owner and admin, as Stripe's "Reveal". */
  "webhooks.revealSecret",
  "rateLimits.read",
  "rateLimits.manage",
  /** Spend limit, alert thresholds, allowed countries, usage and statements (contract §8). */
  "billing.read",
  "billing.manage",
  "messages.read",
  /** Live message bodies (personal data); sandbox bodies come with messages.read. */
  "messages.readLiveBody",
  /** The code in an OTP message's body, sandbox ones included (support sees it masked). */
  "messages.readOtpCodes",
  /** Send from the dashboard, always through the sandbox. */
  "messages.sendTest",
  "members.read",
  "members.manage",
  /** Who changed what: owner, admin and support (issue 10 §4). */
  "auditLog.read",
  /** The IP address and user agent of each entry (where a member signed in from): owner and admin. */
  "auditLog.readClientDetails",
  /** Contacts, opt-outs and the organization's numbers (contract §10): support reads. */
  "contacts.read",
  "contacts.manage",
  /** The whole contact list as CSV, emails included: not support (no bulk export, issue 39). */
  "contacts.export",
  /**
   * Keyword handling and reply texts of inbound messages (contract §10). Managed like contacts and
   * opt-outs (§3: owner, admin, developer), since STOP writes opt-outs; support reads.
   */
  "inbound.read",
  "inbound.manage",
  /** The OTP fraud guard (contract §12): owner and admin manage, developer reads, support none. */
  "fraudGuard.read",
  "fraudGuard.manage",
  /** Campaigns (contract §11): owner, admin and developer manage, support reads. */
  "campaigns.read",
  "campaigns.manage",
  /** The organization's security settings, such as requiring two-factor sign-in (contract §12): owner only. */
  "security.manage",
  /** Alerts on delivery, errors, webhooks and spend (contract §16): owner, admin and developer. */
  "alerts.manage",
  /** The request log (contract §16): every role, support included. */
  "requestLogs.read",
  /** Sender pools (contract §15): owner, admin and developer manage, support reads. */
  "senderPools.read",
  "senderPools.manage",
] as const;
export type Action = (typeof ACTIONS)[number];

const GRANTS: Record<Role, ReadonlySet<Action>> = {
  owner: new Set(ACTIONS),
  admin: new Set(ACTIONS.filter((a) => a !== "security.manage")),
  developer: new Set<Action>([
    "apiKeys.read",
    "apiKeys.manage",
    "webhooks.read",
    "webhooks.manage",
    "webhooks.redeliver",
    "rateLimits.read",
    "billing.read",
    "messages.read",
    "messages.readLiveBody",
    "messages.readOtpCodes",
    "messages.sendTest",
    "members.read",
    "contacts.read",
    "contacts.manage",
    "contacts.export",
    "inbound.read",
    "inbound.manage",
    "fraudGuard.read",
    "campaigns.read",
    "campaigns.manage",
    "alerts.manage",
    "requestLogs.read",
    "senderPools.read",
    "senderPools.manage",
  ]),
  support: new Set<Action>([
    "requestLogs.read",
    "webhooks.read",
    "webhooks.redeliver",
    "rateLimits.read",
    "messages.read",
    "members.read",
    "auditLog.read",
    "contacts.read",
    "inbound.read",
    "campaigns.read",
    "senderPools.read",
  ]),
};

export function can(role: Role, action: Action): boolean {
  return GRANTS[role].has(action);
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  support: "Support",
};
