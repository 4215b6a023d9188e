import type { Metadata } from "next";
import Link from "next/link";
import { errorReference } from "@/server/error-reference";

export const metadata: Metadata = {
  title: "Error codes",
  description: "Every SignalGate API error code: its HTTP status, what it means and what to do.",
};

/**
 * Public, like the API reference: every error code of server/errors.ts, one anchor per code
 * (`/docs/errors#rate_limited`), which is where each error body's `docUrl` points (contract §16).
 */
export default function ErrorReferencePage() {
  const entries = errorReference();
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-4xl items-baseline gap-2 px-5 py-3">
          <Link href="/docs" className="text-lg font-semibold tracking-tight text-slate-900">
            SignalGate docs
          </Link>
          <span className="text-slate-300">/</span>
          <h1 className="text-base font-medium text-slate-600">Error codes</h1>
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-5 py-6">
        <p className="mb-6 text-sm leading-relaxed text-slate-700">
          Every error answer has the body{" "}
          <code className="rounded bg-slate-100 px-1">{`{ "error": { code, message, requestId, docUrl, details? } }`}</code>
          . <code className="rounded bg-slate-100 px-1">docUrl</code> links to the code&apos;s entry below. Quote the{" "}
          <code className="rounded bg-slate-100 px-1">requestId</code> to support: the dashboard&apos;s Logs page shows
          the request with that id.
        </p>
        <nav aria-label="Codes" className="mb-8 columns-2 gap-6 text-sm sm:columns-3">
          {entries.map((e) => (
            <a key={e.code} href={`#${e.code}`} className="block font-mono text-[13px] text-slate-700 hover:underline">
              {e.code}
            </a>
          ))}
        </nav>
        <div className="divide-y divide-slate-100">
          {entries.map((e) => (
            <section key={e.code} id={e.code} className="scroll-mt-4 py-5">
              <h2 className="flex items-baseline gap-3">
                <a href={`#${e.code}`} className="font-mono text-base font-semibold text-slate-900 hover:underline">
                  {e.code}
                </a>
                <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                  HTTP {e.status}
                </span>
              </h2>
              <p className="mt-1 text-sm text-slate-500">&ldquo;{e.message}&rdquo;</p>
              <dl className="mt-3 grid gap-2 text-sm leading-relaxed sm:grid-cols-[8rem_1fr]">
                <dt className="font-medium text-slate-600">Meaning</dt>
                <dd className="text-slate-800">
                  <Prose text={e.meaning} />
                </dd>
                <dt className="font-medium text-slate-600">What to do</dt>
                <dd className="text-slate-800">
                  <Prose text={e.action} />
                </dd>
              </dl>
            </section>
          ))}
        </div>
      </main>
    </div>
  );
}

/** The reference's text marks code with backticks. */
function Prose({ text }: { text: string }) {
  return text.split(/(`[^`]+`)/).map((part, i) =>
    part.startsWith("`") ? (
      <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[13px]">
        {part.slice(1, -1)}
      </code>
    ) : (
      part
    ),
  );
}
