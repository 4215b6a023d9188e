"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { ArrowLeft, type LucideIcon } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { cn } from "../ui/cn";
import { errorCode } from "../trpc/errors";

/** The way back to the list a record belongs to ("← Webhooks"). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  );
}

/** What a detail page needs of its record's query (a TanStack query result). */
interface RecordQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * One record's page while it loads, when it is not there (deleted, or another organization's: the
 * API answers not found for both), when it could not be loaded, and then `children(record)`.
 */
export function RecordStates<T>({
  query,
  noun,
  icon,
  children,
}: {
  query: RecordQuery<T>;
  /** "webhook", "contact", "campaign". */
  noun: string;
  icon: LucideIcon;
  children: (record: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading" className="space-y-3">
        <Skeleton className="h-7 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <Skeleton className="mt-6 h-28 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return errorCode(query.error) === "not_found" ? (
      <EmptyState icon={icon} title={`${noun[0]!.toUpperCase()}${noun.slice(1)} not found`}>
        It may have been deleted, or it belongs to another organization.
      </EmptyState>
    ) : (
      <ErrorState title={`Could not load this ${noun}`} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return <>{children(query.data as T)}</>;
}

/** A record's title, a line under it (its number, URL or state) and its actions on the right. */
export function DetailHeader({
  title,
  titleClassName,
  subtitle,
  actions,
  className = "mb-6",
}: {
  title: ReactNode;
  /** e.g. `truncate` for a long name, `flex items-center gap-2` for badges beside it. */
  titleClassName?: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn(className, "flex flex-wrap items-end justify-between gap-4")}>
      <div className="min-w-0 space-y-1">
        <h1 className={cn("text-xl font-semibold tracking-tight text-slate-900", titleClassName)}>{title}</h1>
        {subtitle}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** One label–value pair of a record's summary card (inside a <dl>). */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}
