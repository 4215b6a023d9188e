import Link from "next/link";
import { Clock } from "lucide-react";
import type { DeliveryDetail } from "@/schemas/webhooks";
import { MAX_DELIVERY_ATTEMPTS } from "@/schemas/webhooks";
import { CodeBlock } from "../ui/code-block";
import { CopyableId, Fact, FactList, SectionTitle } from "../ui/facts";

import { formatIn } from "./delivery-status";
import { Time } from "../ui/time";

/** When a RETRYING delivery tries again, and how many tries are left after that. */
export function NextRetry({ delivery, now }: { delivery: DeliveryDetail; now: number }) {
  if (delivery.status !== "RETRYING" || !delivery.nextAttemptAt) return null;
  const next = delivery.attempts.length + 1;
  return (
    <div
      role="note"
      data-testid="next-retry"
      className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3"
    >
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
      <div className="text-sm text-amber-900">
        <p className="font-medium">
          Next retry {formatIn(delivery.nextAttemptAt, now)} — <Time at={delivery.nextAttemptAt} />
        </p>
        <p className="mt-0.5 text-amber-800">
          Attempt {next} of {MAX_DELIVERY_ATTEMPTS}.{" "}
          {next < MAX_DELIVERY_ATTEMPTS
            ? "If it fails too, SignalGate waits longer before the next one."
            : "It is the last one: if it fails, the delivery is marked failed."}
        </p>
      </div>
    </div>
  );
}

export function DeliveryFacts({
  delivery: d,
  webhookActive,
}: {
  delivery: DeliveryDetail;
  /** Null while unknown. */
  webhookActive: boolean | null;
}) {
  return (
    <FactList title="Details">
      <Fact label="Webhook">
        <Link href={`/dashboard/webhooks/${d.webhookId}`} className="font-medium text-slate-900 hover:text-indigo-700">
          {d.webhookName}
        </Link>
        {webhookActive === false ? <span className="ml-2 text-xs text-slate-500">(disabled)</span> : null}
        <code className="block truncate font-mono text-xs text-slate-500" title={d.webhookUrl}>
          {d.webhookUrl}
        </code>
      </Fact>
      <Fact label="Event ID">
        <CopyableId value={d.eventId} />
      </Fact>
      <Fact label="Delivery ID">
        <CopyableId value={d.id} />
      </Fact>
      <Fact label="Created">
        <Time at={d.createdAt} />
      </Fact>
      <Fact label="Last change">
        <Time at={d.updatedAt} />
      </Fact>
    </FactList>
  );
}

/** The envelope as sent, pretty-printed for reading (the signature covers the bytes as sent). */
export function DeliveryPayload({ payload }: { payload: unknown }) {
  const text = typeof payload === "string" ? payload : JSON.stringify(payload, null, 2);
  return (
    <section>
      <SectionTitle>Payload</SectionTitle>
      <CodeBlock code={text} label="JSON" className="[&_pre]:max-h-96" />
      <p className="mt-1.5 text-xs text-slate-500">
        Pretty-printed for reading. Signatures cover the compact body exactly as it was sent.
      </p>
    </section>
  );
}
