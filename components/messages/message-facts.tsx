import { CircleAlert, EyeOff } from "lucide-react";
import type { MessageDetail } from "@/schemas/message-views";
import { CopyableId, Fact, FactList, SectionTitle } from "../ui/facts";
import { EnvironmentTag, ORIGIN_LABELS, segmentsLabel } from "./message-badges";

import { Time } from "../ui/time";

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
    <FactList title="Details" labelWidth="8.5rem">
      <Fact label="Message ID">
        <CopyableId value={m.id} />
      </Fact>
      <Fact label="To">
        <span className="font-mono text-[13px]">{m.to}</span>
      </Fact>
      <Fact label="From">
        {m.from}
        {m.poolId ? (
          <span className="ml-1.5 text-xs text-slate-500">
            chosen by pool <span className="font-mono">{m.poolId}</span>
          </span>
        ) : null}
      </Fact>
      <Fact label="Environment">
        <EnvironmentTag environment={m.environment} />
      </Fact>
      <Fact label="Segments">{segmentsLabel(m.segments, m.encoding)}</Fact>
      <Fact label="Price">
        <span className="font-mono text-[13px]">${m.price}</span>
        {m.direction === "inbound" ? (
          <span className="ml-1.5 text-xs text-slate-500">inbound: not billed</span>
        ) : m.environment === "test" ? (
          <span className="ml-1.5 text-xs text-slate-500">sandbox: free</span>
        ) : null}
        {m.environment === "live" && m.status === "FAILED" ? (
          <span className="ml-1.5 text-xs text-slate-500">FAILED: not billed</span>
        ) : null}
      </Fact>
      <Fact label={m.direction === "inbound" ? "Source" : "Sent by"}>
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
          <CopyableId value={m.providerMessageId} />
        ) : (
          <span className="text-slate-400">None</span>
        )}
      </Fact>
      <Fact label="Created">
        <Time at={m.createdAt} />
      </Fact>
    </FactList>
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
      ) : message.body === "" ? (
        // Redacted by retention (MESSAGE_BODY_RETENTION_DAYS): a real body has at least one character.
        <p className="rounded-lg border border-dashed border-slate-300 px-3.5 py-3 text-sm text-slate-500">
          Removed: live message bodies are deleted after their retention period.
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
