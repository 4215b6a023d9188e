"use client";

import Link from "next/link";
import type { OtpListItem } from "@/schemas/message-views";
import { cn } from "../ui/cn";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { CreatedCell } from "../dashboard/list-cells";
import { EnvironmentTag } from "../messages/message-badges";
import { formatDateTime, formatRelative, shortId } from "../messages/message-format";
import { OtpStatusBadge } from "./otp-status-badge";
import { formatUtc } from "../format/time";

/** Wrong attempts used of the allowance, as a count and a small bar that turns red when used up. */
function Attempts({ attempts, max }: { attempts: number; max: number }) {
  const used = Math.min(attempts / Math.max(max, 1), 1);
  return (
    <div className="flex items-center gap-2" title={`${attempts} of ${max} attempts used`}>
      <span className="min-w-9 text-slate-700 tabular-nums">
        {attempts} / {max}
      </span>
      <span aria-hidden className="h-1.5 w-14 overflow-hidden rounded-full bg-slate-100">
        <span
          className={cn("block h-full rounded-full", used >= 1 ? "bg-red-500" : used > 0 ? "bg-amber-400" : "")}
          style={{ width: `${used * 100}%` }}
        />
      </span>
    </div>
  );
}

/** When the code stops (or stopped) working; for settled codes, when that happened. */
function Expiry({ otp, now }: { otp: OtpListItem; now: number }) {
  if (otp.status === "APPROVED" && otp.verifiedAt) {
    return (
      <time
        dateTime={otp.verifiedAt}
        title={`${formatDateTime(otp.verifiedAt)} · ${formatUtc(otp.verifiedAt)}`}
        className="text-slate-500"
      >
        Verified {formatRelative(otp.verifiedAt, now)}
      </time>
    );
  }
  const past = Date.parse(otp.expiresAt) <= now;
  return (
    <time
      dateTime={otp.expiresAt}
      title={`${formatDateTime(otp.expiresAt)} · ${formatUtc(otp.expiresAt)}`}
      className="text-slate-500"
    >
      {past ? "Expired" : "Expires"} {formatRelative(otp.expiresAt, now)}
    </time>
  );
}

/** Never a code: the service stores only its hash, and the list does not return even that. */
export function OtpTable({ codes, now }: { codes: OtpListItem[]; now: number }) {
  return (
    <Table label="OTP codes">
      <THead>
        <tr>
          <TH>Recipient</TH>
          <TH>Status</TH>
          <TH>Attempts</TH>
          <TH>Expiry</TH>
          <TH>Environment</TH>
          <TH>Created</TH>
          <TH className="max-sm:hidden">Message</TH>
        </tr>
      </THead>
      <TBody>
        {codes.map((otp) => {
          const message = (
            <Link
              href={`/dashboard/messages?message=${encodeURIComponent(otp.messageId)}`}
              title={`Open message ${otp.messageId}`}
              className="font-mono text-xs text-indigo-600 hover:text-indigo-500 hover:underline"
            >
              {shortId(otp.messageId)}
            </Link>
          );
          return (
            <TR key={otp.id} data-otp-id={otp.id}>
              <TD>
                <div className="font-mono text-[13px] font-medium text-slate-900">{otp.to}</div>
                <div className="mt-0.5 text-xs text-slate-500">{otp.length}-digit code</div>
                {/* On a phone the link comes first, under the number: the table scrolls, the link stays in view. */}
                <div className="mt-0.5 sm:hidden">{message}</div>
              </TD>
              <TD>
                <OtpStatusBadge status={otp.status} />
              </TD>
              <TD>
                <Attempts attempts={otp.attempts} max={otp.maxAttempts} />
              </TD>
              <TD>
                <Expiry otp={otp} now={now} />
              </TD>
              <TD>
                <EnvironmentTag environment={otp.environment} />
              </TD>
              <CreatedCell at={otp.createdAt} now={now} />
              <TD className="max-sm:hidden">{message}</TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}
