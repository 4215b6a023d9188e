import type { ReactNode } from "react";
import { Skeleton } from "../ui/skeleton";

function CardSkeleton({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="space-y-2 border-b border-slate-100 px-5 py-4">
        <Skeleton className="h-3.5 w-40" />
        <Skeleton className="h-3 w-72 max-w-full" />
      </div>
      {children}
    </div>
  );
}

/** The page's shape while the first answer loads. */
export function RateLimitsSkeleton() {
  return (
    <div role="status" aria-label="Loading rate limits" className="space-y-6">
      <CardSkeleton>
        <div className="grid gap-6 px-5 py-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-3">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-7 w-28" />
              <Skeleton className="h-2 w-full rounded-full" />
            </div>
          ))}
        </div>
      </CardSkeleton>
      <CardSkeleton>
        <div className="flex h-56 items-end gap-1 px-5 py-4">
          {Array.from({ length: 48 }, (_, i) => (
            // Uneven heights, so the placeholder reads as a chart.
            <div key={i} className="flex-1" style={{ height: `${15 + ((i * 37) % 70)}%` }}>
              <Skeleton className="h-full rounded-sm" />
            </div>
          ))}
        </div>
      </CardSkeleton>
      <div className="grid gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <CardSkeleton>
            <div className="space-y-4 px-5 py-4">
              {Array.from({ length: 6 }, (_, i) => (
                <div key={i} className="space-y-2">
                  <Skeleton className="h-3 w-36" />
                  <Skeleton className="h-1.5 w-full rounded-full" />
                </div>
              ))}
            </div>
          </CardSkeleton>
        </div>
        <div className="lg:col-span-2">
          <CardSkeleton>
            <div className="space-y-4 px-5 py-4">
              {[0, 1, 2].map((i) => (
                <div key={i} className="space-y-2">
                  <Skeleton className="h-3 w-32" />
                  <Skeleton className="h-9 w-full" />
                </div>
              ))}
            </div>
          </CardSkeleton>
        </div>
      </div>
    </div>
  );
}
