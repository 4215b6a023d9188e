import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { listGuides, readGuide } from "@/server/docs/guides";

export async function generateMetadata({ params }: { params: Promise<{ name: string }> }): Promise<Metadata> {
  const { name } = await params;
  const guide = (await listGuides()).find((g) => g.name === name);
  return { title: guide?.title ?? "Guide" };
}

/** Public, like the API reference: one of the docs/*.md guides, as its markdown source. */
export default async function GuidePage({ params }: { params: Promise<{ name: string }> }) {
  const { name } = await params;
  const text = await readGuide(name);
  if (text === null) notFound();
  return (
    <div className="min-h-screen bg-white text-slate-900">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-baseline gap-2 px-5 py-3">
          <Link href="/docs" className="text-lg font-semibold tracking-tight text-slate-900">
            SignalGate docs
          </Link>
          <span className="text-slate-300">/</span>
          <span className="text-base font-medium text-slate-600">{name}</span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-5 py-6">
        <pre className="overflow-x-auto whitespace-pre font-mono text-[13px] leading-relaxed text-slate-800">
          {text}
        </pre>
      </main>
    </div>
  );
}
