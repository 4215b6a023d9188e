import {
  BellRing,
  Activity,
  BarChart3,
  BellOff,
  Contact,
  CreditCard,
  Gauge,
  History,
  Inbox,
  KeyRound,
  LayoutDashboard,
  MessageSquare,
  Megaphone,
  Phone,
  ScrollText,
  ShieldAlert,
  ShieldCheck,
  Shuffle,
  Smartphone,
  Users,
  Webhook,
} from "lucide-react";
import type { Action } from "@/schemas/roles";

export interface NavItem {
  href: string;
  label: string;
  icon: typeof LayoutDashboard;
  /** Hidden unless the viewer's role allows this (schemas/roles.ts). */
  action?: Action;
}

export interface NavGroup {
  label?: string;
  items: NavItem[];
}

export const NAV: NavGroup[] = [
  { items: [{ href: "/dashboard", label: "Overview", icon: LayoutDashboard }] },
  {
    label: "Messaging",
    items: [
      { href: "/dashboard/messages", label: "Messages", icon: MessageSquare, action: "messages.read" },
      { href: "/dashboard/inbox", label: "Inbox", icon: Inbox },
      { href: "/dashboard/campaigns", label: "Campaigns", icon: Megaphone, action: "campaigns.read" },
      { href: "/dashboard/analytics", label: "Analytics", icon: BarChart3, action: "messages.read" },
      { href: "/dashboard/otp", label: "OTP activity", icon: ShieldCheck, action: "messages.read" },
      { href: "/dashboard/delivery-logs", label: "Delivery logs", icon: ScrollText, action: "webhooks.read" },
    ],
  },
  {
    label: "Audience",
    items: [
      { href: "/dashboard/contacts", label: "Contacts", icon: Contact, action: "contacts.read" },
      { href: "/dashboard/contacts/opt-outs", label: "Opt-outs", icon: BellOff, action: "contacts.read" },
      { href: "/dashboard/numbers", label: "Numbers", icon: Phone, action: "contacts.read" },
      { href: "/dashboard/sender-pools", label: "Sender pools", icon: Shuffle, action: "senderPools.read" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/dashboard/api-keys", label: "API keys", icon: KeyRound, action: "apiKeys.read" },
      { href: "/dashboard/webhooks", label: "Webhooks", icon: Webhook, action: "webhooks.read" },
      { href: "/dashboard/events", label: "Events", icon: Activity, action: "webhooks.read" },
      { href: "/dashboard/logs", label: "Logs", icon: ScrollText, action: "requestLogs.read" },
      { href: "/dashboard/alerts", label: "Alerts", icon: BellRing, action: "alerts.manage" },
      { href: "/dashboard/rate-limits", label: "Rate limits", icon: Gauge, action: "rateLimits.read" },
      { href: "/dashboard/billing", label: "Billing", icon: CreditCard, action: "billing.read" },
    ],
  },
  {
    label: "Security",
    items: [
      { href: "/dashboard/fraud-guard", label: "Fraud guard", icon: ShieldAlert, action: "fraudGuard.read" },
      { href: "/dashboard/account/two-factor", label: "Two-factor sign-in", icon: Smartphone },
    ],
  },
  {
    label: "Settings",
    items: [
      { href: "/dashboard/members", label: "Members", icon: Users, action: "members.read" },
      { href: "/dashboard/audit-log", label: "Audit log", icon: History, action: "auditLog.read" },
    ],
  },
];

export function isActivePath(pathname: string, href: string): boolean {
  const matches = (h: string) => (h === "/dashboard" ? pathname === h : pathname === h || pathname.startsWith(`${h}/`));
  if (!matches(href)) return false;
  // A page with an item of its own (Opt-outs under Contacts) lights that item only.
  return !NAV.some((g) =>
    g.items.some((i) => i.href.length > href.length && i.href.startsWith(href) && matches(i.href)),
  );
}
