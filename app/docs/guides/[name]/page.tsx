import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { GuidesNav } from "@/components/docs/guides-nav";
import { Markdown } from "@/components/docs/markdown";
import { findGuide, guideHref, readGuide, withOrigin } from "@/server/docs/guides";
import { requestOrigin } from "@/server/http/request-origin";

export async function generateMetadata({ params }: { params: Promise<{ name: string }> }): Promise<Metadata> {
  const { name } = await params;
  return { title: findGuide(name)?.label ?? "Guide" };
}

/** Public, like the API reference: one of the user's guides, rendered, its examples naming this server. */
export default async function GuidePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const guide = findGuide(name);
  const text = await readGuide(name);
  if (!guide || text === null) notFound();
  const origin = requestOrigin(await headers());
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-baseline gap-2 whitespace-nowrap">
            <Link href="/docs" className="text-lg font-semibold tracking-tight text-slate-900">
              SignalGate docs
            </Link>
            <span aria-hidden className="text-slate-300">
              /
            </span>
            <span className="truncate text-base font-medium text-slate-600">{guide.label}</span>
          </div>
          <nav className="flex shrink-0 items-center gap-1 text-sm sm:gap-2">
            <Link
              href="/docs"
              className="hidden rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-block"
            >
              API reference
            </Link>
            <Link
              href="/dashboard"
              className="rounded-md bg-slate-900 px-3 py-1.5 font-medium text-white hover:bg-slate-700"
            >
              Dashboard
            </Link>
          </nav>
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl gap-10 px-4 py-8 sm:px-6">
        <aside className="sticky top-20 hidden max-h-[calc(100vh-6rem)] w-56 shrink-0 self-start overflow-y-auto lg:block">
          <GuidesNav current={guide.name} />
        </aside>
        <main className="min-w-0 flex-1">
          <article className="max-w-3xl text-[15px] break-words text-slate-700">
            <Markdown source={withOrigin(text, origin)} href={(url) => guideHref(guide, url)} />
          </article>
          {/* On a phone the other guides follow the one read. */}
          <div className="mt-12 border-t border-slate-200 pt-6 lg:hidden">
            <GuidesNav current={guide.name} />
          </div>
        </main>
      </div>
    </div>
  );
}
