import {
  BarChart3,
  CreditCard,
  Gauge,
  History,
  KeyRound,
  LayoutDashboard,
  MessageSquare,
  ScrollText,
  ShieldCheck,
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
      { href: "/dashboard/analytics", label: "Analytics", icon: BarChart3, action: "messages.read" },
      { href: "/dashboard/otp", label: "OTP activity", icon: ShieldCheck, action: "messages.read" },
      { href: "/dashboard/delivery-logs", label: "Delivery logs", icon: ScrollText, action: "webhooks.read" },
    ],
  },
  {
    label: "Developers",
    items: [
      { href: "/dashboard/api-keys", label: "API keys", icon: KeyRound, action: "apiKeys.read" },
      { href: "/dashboard/webhooks", label: "Webhooks", icon: Webhook, action: "webhooks.read" },
      { href: "/dashboard/rate-limits", label: "Rate limits", icon: Gauge, action: "rateLimits.read" },
      { href: "/dashboard/billing", label: "Billing", icon: CreditCard, action: "billing.read" },
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
  return href === "/dashboard" ? pathname === href : pathname === href || pathname.startsWith(`${href}/`);
}
