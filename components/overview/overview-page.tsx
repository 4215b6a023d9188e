"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import { can, type Action } from "@/schemas/roles";
import { Card, CardHeader } from "../ui/card";
import { RoleBadge } from "../dashboard/role-badge";
import { useDashboard } from "../dashboard/dashboard-context";
import { NAV } from "../dashboard/nav-items";
import { useTRPC } from "../trpc/client";
import { GettingStarted } from "./getting-started";
import { CHECKLIST_STEPS, checklistDone } from "./setup-checklist";
import { ProvidersCard } from "./providers-card";
import { TodayCard } from "./today-card";

const DESCRIPTIONS: Record<string, string> = {
  "/dashboard/messages": "Every SMS and OTP message with its status.",
  "/dashboard/analytics": "Volume, delivery rate, time to deliver, OTP conversion.",
  "/dashboard/delivery-logs": "Webhook deliveries, attempts and responses.",
  "/dashboard/api-keys": "Create, rotate and restrict API keys.",
  "/dashboard/webhooks": "Endpoints notified when messages change state.",
  "/dashboard/rate-limits": "Per-minute, hour and day caps for this organization.",
  "/dashboard/members": "Who can sign in here, and with which role.",
};

const ACCESS: { area: string; read: Action; manage?: Action }[] = [
  { area: "API keys", read: "apiKeys.read", manage: "apiKeys.manage" },
  { area: "Webhooks", read: "webhooks.read", manage: "webhooks.manage" },
  { area: "Rate limits", read: "rateLimits.read", manage: "rateLimits.manage" },
  { area: "Messages and delivery logs", read: "messages.read" },
  { area: "Members", read: "members.read", manage: "members.manage" },
];

export function OverviewPage({ baseUrl }: { baseUrl: string }) {
  const { user, organization, role } = useDashboard();
  const trpc = useTRPC();
  // Polled while a step is open, so the checklist ticks itself as the first message and webhook arrive.
  const onboarding = useQuery({
    ...trpc.onboarding.status.queryOptions(),
    refetchInterval: (q) =>
      q.state.data && !q.state.data.dismissed && checklistDone(q.state.data) < CHECKLIST_STEPS ? 3_000 : false,
  });
  const status = onboarding.data;
  const links = NAV.flatMap((g) => g.items).filter(
    (i) => i.href !== "/dashboard" && (!i.action || can(role, i.action)),
  );
  const jumpTo = (
    <Card>
      <CardHeader title="Jump to" />
      <ul className="divide-y divide-slate-100">
        {links.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <Link href={item.href} className="group flex items-center gap-3 px-5 py-3 hover:bg-slate-50">
                <Icon aria-hidden className="size-4 shrink-0 text-slate-400 group-hover:text-indigo-600" />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium text-slate-800">{item.label}</span>
                  <span className="block text-xs text-slate-500">{DESCRIPTIONS[item.href]}</span>
                </span>
                <ArrowRight aria-hidden className="size-4 text-slate-300 group-hover:text-slate-500" />
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
  const settingUp = status !== undefined && !status.dismissed;
  // "Welcome back" only once the organization is set up: a brand-new user has not been here before.
  const greeting =
    status === undefined ? null : settingUp && checklistDone(status) < CHECKLIST_STEPS ? "Welcome" : "Welcome back";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="min-h-5 text-sm text-slate-500">
            {greeting ? `${greeting}${user.name ? `, ${user.name}` : ""}` : null}
          </p>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            {organization.name}
            <RoleBadge role={role} />
          </h1>
        </div>
        <p className="font-mono text-xs text-slate-400" title="Organization id">
          {organization.id}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {settingUp ? <GettingStarted baseUrl={baseUrl} status={status} /> : null}
          {status?.dismissed ? jumpTo : null}
        </div>
        <div className="min-w-0 space-y-6">
          {can(role, "messages.read") ? <TodayCard /> : null}
          {status?.dismissed ? null : jumpTo}
          <ProvidersCard />
          <Card>
            <CardHeader title="Your access" description="What your role allows in this organization." />
            <dl className="divide-y divide-slate-100 text-sm">
              {ACCESS.map(({ area, read, manage }) => {
                const level = manage && can(role, manage) ? "Manage" : can(role, read) ? "Read" : "No access";
                return (
                  <div key={area} className="flex items-center justify-between px-5 py-2.5">
                    <dt className="text-slate-600">{area}</dt>
                    <dd className={level === "No access" ? "text-slate-400" : "font-medium text-slate-800"}>{level}</dd>
                  </div>
                );
              })}
            </dl>
          </Card>
        </div>
      </div>
    </div>
  );
}
