"use client";

import { useId, useState } from "react";
import { ShieldCheck } from "lucide-react";
import { Card, CardBody, CardHeader } from "../ui/card";
import { CodeBlock } from "../ui/code-block";
import { cn } from "../ui/cn";
import { PYTHON_SAMPLE, TYPESCRIPT_SAMPLE } from "./signature-samples";
import { STANDARD_PYTHON_SAMPLE, STANDARD_TYPESCRIPT_SAMPLE } from "./standard-signature-samples";

const SCHEMES = [
  {
    id: "standard",
    label: "Standard Webhooks (recommended)",
    samples: [
      { id: "typescript", label: "TypeScript", code: STANDARD_TYPESCRIPT_SAMPLE },
      { id: "python", label: "Python", code: STANDARD_PYTHON_SAMPLE },
    ],
  },
  {
    id: "seed",
    label: "X-Webhook-Signature",
    samples: [
      { id: "typescript", label: "TypeScript", code: TYPESCRIPT_SAMPLE },
      { id: "python", label: "Python", code: PYTHON_SAMPLE },
    ],
  },
] as const;

type SchemeId = (typeof SCHEMES)[number]["id"];
type LanguageId = "typescript" | "python";

function Header({ name, children }: { name: string; children: string }) {
  return (
    <li>
      <code className="font-mono text-[13px] text-slate-800">{name}</code>
      <span className="text-slate-500"> — {children}</span>
    </li>
  );
}

function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
  idBase,
}: {
  label: string;
  items: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  idBase: string;
}) {
  return (
    <div role="tablist" aria-label={label} className="mb-2 flex flex-wrap gap-1">
      {items.map((s) => (
        <button
          key={s.id}
          type="button"
          role="tab"
          id={`${idBase}-${s.id}`}
          aria-selected={value === s.id}
          onClick={() => onChange(s.id)}
          className={cn(
            "rounded-md px-2.5 py-1 text-sm font-medium",
            value === s.id ? "bg-indigo-50 text-indigo-700" : "text-slate-500 hover:bg-slate-100 hover:text-slate-800",
          )}
        >
          {s.label}
        </button>
      ))}
    </div>
  );
}

/** How a receiver checks that a request came from SignalGate, by either scheme, with code to copy. */
export function VerifySignatures() {
  const id = useId();
  const [scheme, setScheme] = useState<SchemeId>("standard");
  const [language, setLanguage] = useState<LanguageId>("typescript");
  const current = SCHEMES.find((s) => s.id === scheme) ?? SCHEMES[0];
  const sample = current.samples.find((s) => s.id === language) ?? current.samples[0];
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
            Every delivery is signed twice with your webhook&apos;s signing secret. The{" "}
            <a className="text-indigo-600 underline" href="https://www.standardwebhooks.com/">
              Standard Webhooks
            </a>{" "}
            signature covers the event id, the timestamp and the raw body, so a receiver that refuses timestamps more
            than 5 minutes old also refuses a captured delivery replayed later. The original{" "}
            <code className="font-mono text-[13px] text-slate-800">X-Webhook-Signature</code> covers the body only.
            Verify over the bytes you received, before parsing the JSON.
          </p>
          <ul className="space-y-1">
            <Header name="webhook-signature">v1, and the base64 HMAC-SHA256 of id.timestamp.body</Header>
            <Header name="webhook-id">the event id, the same on every retry: deduplicate on it</Header>
            <Header name="webhook-timestamp">when this attempt was sent, in Unix seconds</Header>
            <Header name="X-Webhook-Signature">sha256= and the lowercase hex HMAC of the body</Header>
            <Header name="X-Webhook-Id / X-Webhook-Timestamp">
              the same values as webhook-id and webhook-timestamp
            </Header>
          </ul>
          <p className="md:col-span-2" data-testid="webhook-order">
            Events may arrive out of order: each delivery is sent and retried on its own. Order them by the event&apos;s
            time (the envelope&apos;s <code className="font-mono text-[13px] text-slate-800">timestamp</code>
            ), not by arrival, and ignore one older than the state you already have.
          </p>
        </div>
        <div>
          <Tabs label="Signature scheme" items={SCHEMES} value={scheme} onChange={setScheme} idBase={`${id}-scheme`} />
          <Tabs
            label="Language"
            items={current.samples}
            value={language}
            onChange={setLanguage}
            idBase={`${id}-lang`}
          />
          <div role="tabpanel" aria-labelledby={`${id}-lang-${language}`}>
            <CodeBlock
              code={sample.code}
              label={`${sample.id === "python" ? "Python (Flask)" : "TypeScript (Node.js)"} — ${current.label}`}
            />
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
