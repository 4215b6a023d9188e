"use client";

import { useQuery } from "@tanstack/react-query";
import { Phone } from "lucide-react";
import { NUMBER_KINDS } from "@/schemas/numbers";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { CopyButton } from "../ui/copy-button";
import { CreatedCell } from "../dashboard/list-cells";
import { countryName } from "../analytics/format";
import { InboundSettingsCard } from "./inbound-settings-card";

/** How an organization gets a number: the operator assigns it (contract §10); there is no self-service purchase. */
function HowNumbersAreObtained() {
  return (
    <p className="mb-4 max-w-3xl text-sm text-slate-600" data-testid="numbers-how">
      Numbers are assigned by the operator of this SignalGate service — ask them for a long code (a full phone number in
      one country) or a short code (3 to 8 digits). Each number belongs to one organization and is listed by{" "}
      <code className="font-mono text-[13px]">GET /api/v1/numbers</code>. In the sandbox you can try inbound messages
      without one: <code className="font-mono text-[13px]">POST /api/v1/sms/inbound</code> with a test key.
    </p>
  );
}

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
      <HowNumbersAreObtained />
      {numbers.isPending ? (
        <TableSkeleton rows={3} columns={4} />
      ) : numbers.isError ? (
        <ErrorState title="Could not load numbers" error={numbers.error} onRetry={() => void numbers.refetch()} />
      ) : numbers.data.length === 0 ? (
        <EmptyState icon={Phone} title="No numbers yet">
          Once the operator assigns a number to this organization, it appears here and in{" "}
          <code className="font-mono text-[13px]">GET /api/v1/numbers</code>.
        </EmptyState>
      ) : (
        <Table label="Numbers">
          <THead>
            <tr>
              <TH>Number</TH>
              <TH>Type</TH>
              <TH>Country</TH>
              <TH>Assigned</TH>
            </tr>
          </THead>
          <TBody>
            {numbers.data.map((n) => (
              <TR key={n.number}>
                <TD className="whitespace-nowrap">
                  <span className="font-mono text-[13px] font-medium text-slate-900">{n.number}</span>
                  <CopyButton value={n.number} label={`Copy ${n.number}`} iconOnly className="ml-1 align-middle" />
                </TD>
                <TD className="text-slate-700">{NUMBER_KINDS[n.kind]}</TD>
                <TD className="text-slate-700">
                  {n.country ? (
                    <>
                      {countryName(n.country)} <span className="text-slate-400">({n.country})</span>
                    </>
                  ) : (
                    <span className="text-slate-400" title="A short code has no country code">
                      —
                    </span>
                  )}
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
