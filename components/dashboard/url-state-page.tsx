import { Suspense, type ReactNode } from "react";
import type { Action } from "@/schemas/roles";
import { TableSkeleton } from "../ui/skeleton";
import { RequireAction } from "./require-action";

/**
 * A page for the roles allowed to `action` whose list keeps its filters in the query string:
 * useSearchParams needs a Suspense boundary, which shows the list's skeleton meanwhile.
 */
export function UrlStatePage({ action, columns, children }: { action: Action; columns: number; children: ReactNode }) {
  return (
    <RequireAction action={action}>
      <Suspense fallback={<TableSkeleton rows={5} columns={columns} />}>{children}</Suspense>
    </RequireAction>
  );
}
