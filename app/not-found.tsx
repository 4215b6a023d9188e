import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft, BookOpen } from "lucide-react";
import { Logo } from "@/components/brand/logo";

export const metadata: Metadata = { title: "Page not found" };

/** Any address nothing answers: the brand, what happened, and the ways back. */
export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-16">
      <Link href="/" aria-label="SignalGate home">
        <Logo />
      </Link>
      <div className="mt-8 w-full max-w-md rounded-xl border border-slate-200 bg-white px-6 py-8 text-center shadow-sm sm:px-8">
        <p className="font-mono text-sm font-semibold text-indigo-600">404</p>
        <h1 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-2 text-sm text-slate-600">
          Nothing lives at this address. It may have moved, or the link may be mistyped.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link
            href="/dashboard"
            className="inline-flex items-center justify-center gap-1.5 rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-indigo-500"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Back to the dashboard
          </Link>
          <Link
            href="/docs"
            className="inline-flex items-center justify-center gap-1.5 rounded-md px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            <BookOpen aria-hidden className="size-4 text-slate-400" />
            API reference
          </Link>
        </div>
      </div>
    </main>
  );
}
