import { Lock } from "lucide-react";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import type { RateLimitConfig } from "@/schemas/rate-limits";
import { Badge } from "../ui/badge";
import { Card, CardHeader } from "../ui/card";
import { numberFormat } from "./usage-bar";

/** The settings as values, for roles that may read but not change them. */
export function LimitsSummary({ config, role }: { config: RateLimitConfig; role: Role }) {
  const rows = [
    ["Requests per minute", numberFormat.format(config.perMinute)],
    ["Requests per hour", numberFormat.format(config.perHour)],
    ["Requests per day", numberFormat.format(config.perDay)],
  ] as const;
  return (
    <Card>
      <CardHeader title="Settings" description="Caps for all API traffic of this organization." />
      <dl className="divide-y divide-slate-100 text-sm" aria-label="Rate limit settings">
        <div className="flex items-center justify-between px-5 py-3">
          <dt className="text-slate-600">Rate limiting</dt>
          <dd>{config.enabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}</dd>
        </div>
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between px-5 py-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="flex items-start gap-2 border-t border-slate-100 px-5 py-3 text-xs text-slate-500">
        <Lock aria-hidden className="mt-px size-3.5 shrink-0 text-slate-400" />
        Only owners and admins can change rate limits; your role is {ROLE_LABELS[role]}.
      </p>
    </Card>
  );
}
