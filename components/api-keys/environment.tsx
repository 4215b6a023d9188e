"use client";

import { FlaskConical, Rocket } from "lucide-react";
import type { KeyEnvironment } from "@/schemas/api-keys";
import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";

export const ENVIRONMENTS: Record<
  KeyEnvironment,
  { label: string; prefix: string; description: string; icon: typeof Rocket }
> = {
  test: {
    label: "Sandbox",
    prefix: "sg_test_",
    description: "For development and tests. Messages are simulated, never delivered or billed.",
    icon: FlaskConical,
  },
  live: {
    label: "Production",
    prefix: "sg_live_",
    description: "Sends real SMS to real phones, billed to this organization.",
    icon: Rocket,
  },
};

/**
 * Sandbox in amber (like a test-mode banner), production in indigo so it stands out in a list.
 * `title` says what the environment means where the badge stands (a key's prefix by default).
 */
export function EnvironmentBadge({ environment, title }: { environment: KeyEnvironment; title?: string }) {
  const env = ENVIRONMENTS[environment];
  return (
    <span title={title ?? `${env.label} key (${env.prefix}…)`}>
      <Badge tone={environment === "live" ? "indigo" : "amber"}>
        <span
          aria-hidden
          className={cn("mr-1 size-1.5 rounded-full", environment === "live" ? "bg-indigo-500" : "bg-amber-500")}
        />
        {env.label}
      </Badge>
    </span>
  );
}

/** Two radio cards; the choice decides the secret's prefix and cannot change after creation. */
export function EnvironmentChoice({
  value,
  onChange,
}: {
  value: KeyEnvironment;
  onChange: (environment: KeyEnvironment) => void;
}) {
  const order: KeyEnvironment[] = ["test", "live"];
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-700">Environment</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {order.map((environment) => {
          const env = ENVIRONMENTS[environment];
          const Icon = env.icon;
          const checked = value === environment;
          return (
            <label
              key={environment}
              className={cn(
                "relative flex cursor-pointer gap-3 rounded-lg bg-white p-3 ring-1 transition-colors ring-inset has-focus-visible:ring-2 has-focus-visible:ring-indigo-600",
                checked
                  ? environment === "live"
                    ? "bg-indigo-50/50 ring-2 ring-indigo-600"
                    : "bg-amber-50/40 ring-2 ring-amber-500"
                  : "ring-slate-200 hover:bg-slate-50",
              )}
            >
              <input
                type="radio"
                name="environment"
                value={environment}
                checked={checked}
                onChange={() => onChange(environment)}
                className="sr-only"
              />
              <Icon
                aria-hidden
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  checked ? (environment === "live" ? "text-indigo-600" : "text-amber-600") : "text-slate-400",
                )}
              />
              <span className="min-w-0">
                <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
                  {env.label}
                  <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[11px] text-slate-600">
                    {env.prefix}
                  </code>
                </span>
                <span className="mt-0.5 block text-xs text-slate-500">{env.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
