"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { Badge } from "../ui/badge";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";

import { Time } from "../ui/time";

/**
 * OTP sends the fraud guard refused (403 suspected_fraud): not sent, not billed, so they have no
 * code or message of their own; shown above the codes, marked, with a link to the reason.
 */
export function BlockedAttempts() {
  const trpc = useTRPC();
  const attempts = useQuery(trpc.fraudGuard.blockedAttempts.queryOptions(undefined, { refetchInterval: 15_000 }));
  if (!attempts.data || attempts.data.length === 0) return null;
  return (
    <section aria-labelledby="blocked-attempts-title" className="mb-6">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id="blocked-attempts-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <ShieldAlert aria-hidden className="size-4 text-red-600" />
          Blocked by the fraud guard
        </h2>
        <Link href="/dashboard/fraud-guard" className="text-sm font-medium text-indigo-600 hover:text-indigo-800">
          See why →
        </Link>
      </div>
      <Table label="OTP sends blocked by the fraud guard">
        <THead>
          <tr>
            <TH>Recipient</TH>
            <TH>Status</TH>
            <TH>Range</TH>
            <TH>Environment</TH>
            <TH>Attempted</TH>
          </tr>
        </THead>
        <TBody>
          {attempts.data.map((a) => (
            <TR key={a.id} data-testid="blocked-attempt-row" className="bg-red-50/40">
              <TD className="font-mono">{a.to}</TD>
              <TD>
                <Badge tone="red">Blocked · not sent, not billed</Badge>
              </TD>
              <TD className="font-mono">{a.prefix}</TD>
              <TD>{a.environment}</TD>
              <TD>
                <Time at={a.createdAt} />
              </TD>
            </TR>
          ))}
        </TBody>
      </Table>
    </section>
  );
}
