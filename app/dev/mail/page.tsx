import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Fragment } from "react";
import { Logo } from "@/components/brand/logo";
import { getDb } from "@/server/db/client";
import { listDevMail } from "@/server/email/list-dev-mail";
import { getEnv } from "@/server/env";
import { devMailEnabled } from "@/server/email/delivery-mode";
import { metadata as notFoundMetadata } from "@/app/not-found";

// Switched off, the page is the 404 page and is titled as one (issue 38: it said "Dev mail").
export async function generateMetadata(): Promise<Metadata> {
  return devMailEnabled() ? { title: "Dev mail" } : notFoundMetadata;
}
export const dynamic = "force-dynamic";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** Links in a text body as anchors: the flows continue from here without a mail server. */
function Linked({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="break-all text-indigo-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export default async function DevMailPage() {
  // Outside production only (contract §14): without SMTP_URL, this is where emails can be read.
  if (!devMailEnabled()) notFound();
  const emails = await listDevMail(getDb());
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <div className="mb-6 flex items-center justify-between">
        <Logo />
        <p className="text-xs text-slate-500">Development only</p>
      </div>
      <h1 className="text-lg font-semibold text-slate-900">Emails</h1>
      <p className="mt-1 text-sm text-slate-500">
        {getEnv().SMTP_URL
          ? "Sent through SMTP_URL; listed here as well while not in production."
          : "No SMTP_URL is set: emails are written to the server log and listed here, newest first."}
      </p>
      {emails.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-500">
          No emails yet. Sign up, invite someone or ask for a password reset.
        </p>
      ) : (
        <ol aria-label="Emails" className="mt-6 space-y-4">
          {emails.map((e) => (
            <li key={e.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <article aria-label={`${e.subject} to ${e.toAddress}`}>
                <header className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-sm font-semibold text-slate-900">{e.subject}</h2>
                  <span className="text-xs text-slate-500">
                    <time dateTime={e.createdAt.toISOString()}>{when.format(e.createdAt)} UTC</time> · {e.status}
                  </span>
                </header>
                <p className="mt-1 text-xs text-slate-600">To: {e.toAddress}</p>
                <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-800">
                  <Linked text={e.textBody} />
                </pre>
                {e.lastError ? <p className="mt-2 text-xs text-red-700">Last error: {e.lastError}</p> : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
