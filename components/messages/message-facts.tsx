import type { ReactNode } from "react";
import { CircleAlert, EyeOff } from "lucide-react";
import type { MessageDetail } from "@/schemas/message-views";
import { CopyButton } from "../ui/copy-button";
import { EnvironmentTag, ORIGIN_LABELS, segmentsLabel } from "./message-badges";
import { formatDateTime } from "./message-format";

function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-h-10 grid-cols-[8.5rem_minmax(0,1fr)] items-center gap-3 py-1.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A monospaced id that may be long: truncated with the whole value in the title, plus copy. */
function CopyableId({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <code className="truncate font-mono text-[13px] text-slate-700" title={value}>
        {value}
      </code>
      <CopyButton value={value} label={label} className="shrink-0" />
    </span>
  );
}

export function MessageError({ message }: { message: MessageDetail }) {
  if (!message.errorCode && !message.errorMessage) return null;
  return (
    <div role="note" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3">
      <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-red-500" />
      <div className="min-w-0 text-sm">
        {message.errorCode ? (
          <code className="font-mono text-[13px] font-medium text-red-800" data-testid="error-code">
            {message.errorCode}
          </code>
        ) : null}
        {message.errorMessage ? <p className="mt-0.5 text-red-700">{message.errorMessage}</p> : null}
      </div>
    </div>
  );
}

export function MessageFacts({ message: m }: { message: MessageDetail }) {
  return (
    <section>
      <SectionTitle>Details</SectionTitle>
      <dl className="divide-y divide-slate-100 border-y border-slate-100">
        <Fact label="Message ID">
          <CopyableId value={m.id} label="Copy" />
        </Fact>
        <Fact label="To">
          <span className="font-mono text-[13px]">{m.to}</span>
        </Fact>
        <Fact label="From">{m.from}</Fact>
        <Fact label="Environment">
          <EnvironmentTag environment={m.environment} />
        </Fact>
        <Fact label="Segments">{segmentsLabel(m.segments, m.encoding)}</Fact>
        <Fact label="Sent by">
          {ORIGIN_LABELS[m.origin]}
          {m.otpId ? <span className="ml-1.5 font-mono text-xs text-slate-500">{m.otpId}</span> : null}
          {m.batchId ? <span className="ml-1.5 font-mono text-xs text-slate-500">{m.batchId}</span> : null}
          {m.apiKeyId && !m.otpId && !m.batchId ? (
            <span className="ml-1.5 font-mono text-xs text-slate-500">{m.apiKeyId}</span>
          ) : null}
        </Fact>
        <Fact label="Provider">{m.provider ?? <span className="text-slate-400">Not handed over yet</span>}</Fact>
        <Fact label="Provider ID">
          {m.providerMessageId ? (
            <CopyableId value={m.providerMessageId} label="Copy" />
          ) : (
            <span className="text-slate-400">None</span>
          )}
        </Fact>
        <Fact label="Created">
          <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
        </Fact>
      </dl>
    </section>
  );
}

export function MessageBody({ message }: { message: MessageDetail }) {
  return (
    <section>
      <SectionTitle>Body</SectionTitle>
      {message.bodyHidden || message.body === null ? (
        <p className="flex items-start gap-2 rounded-lg border border-dashed border-slate-300 px-3.5 py-3 text-sm text-slate-500">
          <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-400" />
          Hidden: live message bodies are not shown to support staff.
        </p>
      ) : (
        <p
          data-testid="message-body"
          className="rounded-lg bg-slate-50 px-3.5 py-3 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200 ring-inset"
        >
          {message.body}
        </p>
      )}
    </section>
  );
}
