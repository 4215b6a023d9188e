import { Suspense, type ReactNode } from "react";
import type { Action } from "@/schemas/roles";
import type { RetentionPage } from "@/schemas/retention";
import { RetentionNotice } from "../retention/retention-notice";
import { TableSkeleton } from "../ui/skeleton";
import { RequireAction } from "./require-action";

/**
 * A page for the roles allowed to `action` whose list keeps its filters in the query string:
 * useSearchParams needs a Suspense boundary, which shows the list's skeleton meanwhile. With
 * `retention`, a line under the list says how long its data is kept.
 */
export function UrlStatePage({
  action,
  columns,
  retention,
  children,
}: {
  action: Action;
  columns: number;
  retention?: RetentionPage;
  children: ReactNode;
}) {
  return (
    <RequireAction action={action}>
      <Suspense fallback={<TableSkeleton rows={5} columns={columns} />}>{children}</Suspense>
      {retention ? <RetentionNotice page={retention} /> : null}
    </RequireAction>
  );
}
