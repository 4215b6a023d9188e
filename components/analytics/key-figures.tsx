import type { MessageAnalytics, OtpAnalytics } from "@/schemas/analytics";
import { count, duration, percent } from "./format";
import { formatUsd } from "../format/money";

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-sm">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {hint ? <p className="mt-0.5 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

/** The headline numbers of a range: volume, delivery rate, time to deliver, spend, OTP conversion. */
export function KeyFigures({ messages, otp }: { messages: MessageAnalytics["totals"]; otp?: OtpAnalytics["totals"] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure
        label="Messages"
        value={count.format(messages.sent)}
        testId="figure-sent"
        hint={`${count.format(messages.segments)} segments`}
      />
      <Figure
        label="Delivery rate"
        value={percent(messages.deliveryRate)}
        testId="figure-delivery-rate"
        hint={`${count.format(messages.delivered)} delivered, ${count.format(messages.failed + messages.undelivered)} not`}
      />
      <Figure
        label="Time to deliver"
        value={duration(messages.timeToDeliver.p50Ms)}
        testId="figure-ttd"
        hint={`p50 · p95 ${duration(messages.timeToDeliver.p95Ms)}`}
      />
      <Figure
        label="Spend"
        value={formatUsd(messages.price)}
        testId="figure-spend"
        hint="Live messages; FAILED not billed"
      />
      {otp ? (
        <Figure
          label="OTP conversion"
          value={percent(otp.conversionRate)}
          testId="figure-otp-conversion"
          hint={`${count.format(otp.verified)} of ${count.format(otp.sent)} verified`}
        />
      ) : null}
    </dl>
  );
}
