"use client";

import { useId, useState } from "react";
import { ShieldCheck } from "lucide-react";
import { Card, CardBody, CardHeader } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { cn } from "../ui/cn";
import { PYTHON_SAMPLE, TYPESCRIPT_SAMPLE } from "./signature-samples";

const SAMPLES = [
  { id: "typescript", label: "TypeScript", code: TYPESCRIPT_SAMPLE },
  { id: "python", label: "Python", code: PYTHON_SAMPLE },
] as const;

function Header({ name, children }: { name: string; children: string }) {
  return (
    <li>
      <code className="font-mono text-[13px] text-slate-800">{name}</code>
      <span className="text-slate-500"> — {children}</span>
    </li>
  );
}

/** How a receiver checks that a request came from SignalGate, with code to copy. */
export function VerifySignatures() {
  const id = useId();
  const [tab, setTab] = useState<(typeof SAMPLES)[number]["id"]>("typescript");
  const sample = SAMPLES.find((s) => s.id === tab) ?? SAMPLES[0];
  return (
    <Card className="mt-8">
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <ShieldCheck aria-hidden className="size-4 text-indigo-600" />
            Verify signatures
          </span>
        }
        description="Check every request before trusting it: anyone who knows your endpoint's URL can POST to it."
      />
      <CardBody className="space-y-4">
        <div className="grid gap-4 text-sm text-slate-600 md:grid-cols-2">
          <p>
            SignalGate computes an HMAC-SHA256 of the raw request body (its UTF-8 bytes, exactly as sent) with your
            webhook&apos;s signing secret and sends it as{" "}
            <code className="font-mono text-[13px] text-slate-800">X-Webhook-Signature: sha256=&lt;hex&gt;</code>.
            Compute the same over the bytes you received — before parsing the JSON — and compare in constant time.
          </p>
          <ul className="space-y-1">
            <Header name="X-Webhook-Signature">sha256= and the lowercase hex digest</Header>
            <Header name="X-Webhook-Id">the event id, the same on every retry: deduplicate on it</Header>
            <Header name="X-Webhook-Timestamp">when this attempt was sent, in Unix seconds</Header>
          </ul>
        </div>
        <div>
          <div role="tablist" aria-label="Language" className="mb-2 flex gap-1">
            {SAMPLES.map((s) => (
              <button
                key={s.id}
                type="button"
                role="tab"
                id={`${id}-${s.id}`}
                aria-selected={tab === s.id}
                aria-controls={`${id}-panel`}
                onClick={() => setTab(s.id)}
                className={cn(
                  "rounded-md px-2.5 py-1 text-sm font-medium",
                  tab === s.id
                    ? "bg-indigo-50 text-indigo-700"
                    : "text-slate-500 hover:bg-slate-100 hover:text-slate-800",
                )}
              >
                {s.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
            <CodeBlock code={sample.code} label={sample.id === "python" ? "Python (Flask)" : "TypeScript (Node.js)"} />
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
