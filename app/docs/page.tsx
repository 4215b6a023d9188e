import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/docs/api-reference";
import { GuidesNav } from "@/components/docs/guides-nav";
import { OperationIndex } from "@/components/docs/operation-index";
import { getOpenApiDocument } from "@/server/openapi/document";

export const metadata: Metadata = {
  title: "API reference",
  description: "The SignalGate REST API: SMS, OTP, API keys, webhooks and rate limits.",
};

const OPENAPI_URL = "/api/v1/openapi.json";

/** Public: no sign-in needed to read the API reference. */
export default function DocsPage() {
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-[1460px] items-center justify-between gap-3 px-4 sm:px-5">
          <div className="flex min-w-0 items-baseline gap-2 whitespace-nowrap">
            <Link href="/dashboard" className="text-lg font-semibold tracking-tight text-slate-900">
              SignalGate
            </Link>
            <span aria-hidden className="text-slate-300">
              /
            </span>
            <h1 className="truncate text-base font-medium text-slate-600">API reference</h1>
          </div>
          <nav className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
            <Link
              href="/docs/errors"
              className="hidden rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-block"
            >
              Error codes
            </Link>
            <a
              href={OPENAPI_URL}
              className="hidden rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-block"
            >
              openapi.json
            </a>
            <Link
              href="/dashboard"
              className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700"
            >
              Dashboard
            </Link>
          </nav>
        </div>
      </header>
      {/* Not <main>: the reference inside is the page's main landmark. */}
      <div>
        <div className="mx-auto max-w-[1460px] border-b border-slate-100 px-4 py-3 sm:px-5">
          <GuidesNav inline />
        </div>
        <ApiReference url={OPENAPI_URL}>
          <OperationIndex document={getOpenApiDocument().document} />
        </ApiReference>
      </div>
    </div>
  );
}
