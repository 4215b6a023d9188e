"use client";

import Link from "next/link";
import { Check } from "lucide-react";
import type { OnboardingStatus } from "@/schemas/onboarding";
import { cn } from "../ui/cn";

const STEPS: { key: keyof Omit<OnboardingStatus, "dismissed">; label: string; href: string; action: string }[] = [
  { key: "messageSent", label: "Send your first message", href: "/dashboard/messages", action: "Messages" },
  { key: "webhookAdded", label: "Add a webhook", href: "/dashboard/webhooks", action: "Webhooks" },
  {
    key: "deliverySucceeded",
    label: "Get your first webhook delivery",
    href: "/dashboard/delivery-logs",
    action: "Delivery logs",
  },
];

export function checklistDone(status: OnboardingStatus): number {
  return STEPS.filter((s) => status[s.key]).length;
}

export const CHECKLIST_STEPS = STEPS.length;

/** Ticks itself: each step is read from what the organization has (the Overview polls while any is open). */
export function SetupChecklist({ status }: { status: OnboardingStatus }) {
  return (
    <ol aria-label="Setup checklist" className="space-y-2">
      {STEPS.map((step) => {
        const done = status[step.key];
        return (
          <li
            key={step.key}
            data-testid="checklist-item"
            data-done={done}
            className="flex items-center gap-3 rounded-md px-1 py-1 text-sm"
          >
            <span
              aria-hidden
              className={cn(
                "flex size-5 shrink-0 items-center justify-center rounded-full ring-1",
                done ? "bg-emerald-500 text-white ring-emerald-500" : "bg-white text-transparent ring-slate-300",
              )}
            >
              <Check className="size-3.5" />
            </span>
            <span className={cn("min-w-0 flex-1", done ? "text-slate-500 line-through" : "font-medium text-slate-800")}>
              {step.label}
              <span className="sr-only">{done ? " (done)" : " (to do)"}</span>
            </span>
            {done ? null : (
              <Link href={step.href} className="shrink-0 text-sm font-medium text-indigo-600 hover:text-indigo-500">
                {step.action}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
