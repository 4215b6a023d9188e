"use client";

import { useQuery } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { CopyButton } from "../ui/copy-button";
import { CreatedCell } from "../dashboard/list-cells";
import { InboundSettingsCard } from "./inbound-settings-card";

/** The receiving numbers the operator assigned to this organization (contract §10). */
export function NumbersPage() {
  const trpc = useTRPC();
  const numbers = useQuery(trpc.contacts.numbers.queryOptions());
  return (
    <div>
      <PageHeader
        title="Numbers"
        description="Phone numbers that receive SMS for this organization: replies arrive as inbound messages, and STOP, START and HELP are answered from them."
      />
      {numbers.isPending ? (
        <TableSkeleton rows={3} columns={2} />
      ) : numbers.isError ? (
        <ErrorState
          title="Could not load numbers"
          message={errorMessage(numbers.error)}
          onRetry={() => void numbers.refetch()}
        />
      ) : numbers.data.length === 0 ? (
        <EmptyState icon={Phone} title="No numbers yet">
          Receiving numbers are assigned by the operator of this SignalGate service. Once one is assigned, it appears
          here and in <code className="font-mono text-[13px]">GET /api/v1/numbers</code>.
        </EmptyState>
      ) : (
        <Table label="Numbers">
          <THead>
            <tr>
              <TH>Number</TH>
              <TH>Assigned</TH>
            </tr>
          </THead>
          <TBody>
            {numbers.data.map((n) => (
              <TR key={n.number}>
                <TD>
                  <span className="font-mono text-[13px] font-medium text-slate-900">{n.number}</span>
                  <CopyButton value={n.number} label={`Copy ${n.number}`} className="ml-2" />
                </TD>
                <CreatedCell at={n.createdAt} now={numbers.dataUpdatedAt} />
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <InboundSettingsCard />
    </div>
  );
}
