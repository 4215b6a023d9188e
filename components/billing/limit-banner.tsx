"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { TriangleAlert } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";
import { spendLevel } from "./spend";

/** On every dashboard page, for members who see billing: the spend limit is reached or nearly. */
export function LimitBanner() {
  const canRead = useCan("billing.read");
  if (!canRead) return null;
  return <LimitBannerFor />;
}

function LimitBannerFor() {
  const trpc = useTRPC();
  const billing = useQuery(trpc.billing.get.queryOptions(undefined, { refetchInterval: 60_000 }));
  if (!billing.data) return null;
  const { level, percent } = spendLevel(billing.data);
  if (level !== "near" && level !== "reached") return null;
  const reached = level === "reached";
  return (
    <div
      role="status"
      data-testid="limit-banner"
      className={`mb-6 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${reached ? "border-red-200 bg-red-50 text-red-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
    >
      <TriangleAlert aria-hidden className={`mt-0.5 size-4 shrink-0 ${reached ? "text-red-600" : "text-amber-600"}`} />
      <p>
        <strong className="font-medium">
          {reached ? "Monthly spend limit reached." : `${Math.floor(percent ?? 0)} % of the monthly spend limit used.`}
        </strong>{" "}
        {reached
          ? "Live messages are refused with 402 until the limit is raised or the month ends. "
          : "Live messages past the limit will be refused. "}
        <Link href="/dashboard/billing" className="font-medium underline">
          Billing
        </Link>
      </p>
    </div>
  );
}
