import type { ReactNode } from "react";
import Link from "next/link";
import type { Definition, Nodes, Root, TableCell } from "mdast";
import { fromMarkdown } from "mdast-util-from-markdown";
import { gfmFromMarkdown } from "mdast-util-gfm";
import { gfm } from "micromark-extension-gfm";
import { CopyButton } from "../ui/copy-button";

/*
 * A guide's Markdown as React elements: parsed by micromark (CommonMark and GitHub's tables, task
 * lists and strikethrough), rendered node by node here. Raw HTML in a guide is shown as text, never
 * injected. Links are rewritten by `href` (another guide's page, or null for a repository file the
 * product cannot serve).
 */

export interface MarkdownOptions {
  /** Where a link goes in the product, or null to show its text only. */
  href: (url: string) => string | null;
}

interface Context extends MarkdownOptions {
  definitions: Map<string, Definition>;
  slugs: Map<string, number>;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
export function headingSlug(text: string, slugs: Map<string, number>): string {
  const base = text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
  const seen = slugs.get(base) ?? 0;
  slugs.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

function plainText(node: Nodes): string {
  if ("value" in node && typeof node.value === "string") return node.value;
  if ("children" in node) return (node.children as Nodes[]).map(plainText).join("");
  return "";
}

export function parseMarkdown(text: string): Root {
  return fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
}

const HEADINGS = {
  1: "mt-0 mb-5 text-3xl font-semibold tracking-tight text-slate-900",
  2: "mt-10 mb-3 border-b border-slate-200 pb-2 text-xl font-semibold text-slate-900",
  3: "mt-8 mb-2 text-lg font-semibold text-slate-900",
  4: "mt-6 mb-2 text-base font-semibold text-slate-900",
  5: "mt-4 mb-1 text-sm font-semibold text-slate-900",
  6: "mt-4 mb-1 text-sm font-semibold text-slate-600",
} as const;

function children(node: Nodes, ctx: Context): ReactNode {
  if (!("children" in node)) return null;
  return (node.children as Nodes[]).map((child, i) => render(child, ctx, i));
}

function link(url: string, content: ReactNode, ctx: Context, key: number): ReactNode {
  const href = ctx.href(url);
  if (href === null) return <span key={key}>{content}</span>;
  const className =
    "font-medium text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700";
  if (/^https?:/i.test(href)) {
    return (
      <a key={key} href={href} className={className} rel="noopener noreferrer">
        {content}
      </a>
    );
  }
  return (
    <Link key={key} href={href} className={className}>
      {content}
    </Link>
  );
}

function CodeBlock({ code, lang }: { code: string; lang: string | null | undefined }) {
  return (
    <div className="my-4 overflow-hidden rounded-lg bg-slate-900 ring-1 ring-slate-900/10" data-testid="guide-code">
      <div className="flex items-center justify-between border-b border-white/10 px-3 py-1">
        <span className="text-xs font-medium text-slate-400">{lang ?? "text"}</span>
        <CopyButton value={code} className="text-slate-400 hover:bg-white/10 hover:text-white" />
      </div>
      {/* Long lines scroll inside the block; the page never does. */}
      <pre className="overflow-x-auto px-4 py-3 font-mono text-[13px] leading-relaxed text-slate-100">
        <code>{code}</code>
      </pre>
    </div>
  );
}

/**
 * A table, and on a phone a card per row: each cell under its column's name (a table of three
 * wide columns cannot fit 390 px without scrolling sideways).
 */
function Table({ node, ctx }: { node: Extract<Nodes, { type: "table" }>; ctx: Context }) {
  const [head, ...rows] = node.children;
  const names = (head?.children ?? []).map((cell) => plainText(cell));
  const align = (i: number) =>
    node.align?.[i] === "right" ? "text-right" : node.align?.[i] === "center" ? "text-center" : "text-left";
  const cell = (c: TableCell, i: number) => (
    <td
      key={i}
      data-label={names[i]}
      className={`border-t border-slate-100 px-3 py-2 align-top ${align(i)} max-sm:block max-sm:border-0 max-sm:px-0 max-sm:py-0.5 max-sm:text-left max-sm:before:mr-1.5 max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]`}
    >
      {children(c, ctx)}
    </td>
  );
  return (
    <div className="my-4 overflow-x-auto rounded-lg border border-slate-200 max-sm:border-0">
      <table className="min-w-full text-sm max-sm:block">
        <thead className="bg-slate-50 max-sm:sr-only">
          <tr>
            {(head?.children ?? []).map((c, i) => (
              <th key={i} scope="col" className={`px-3 py-2 font-medium text-slate-600 ${align(i)}`}>
                {children(c, ctx)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block max-sm:space-y-2">
          {rows.map((row, r) => (
            <tr key={r} className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3">
              {row.children.map(cell)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function render(node: Nodes, ctx: Context, key: number): ReactNode {
  switch (node.type) {
    case "root":
      return <>{children(node, ctx)}</>;
    case "heading": {
      const Tag = `h${node.depth}` as const;
      const id = headingSlug(plainText(node), ctx.slugs);
      return (
        <Tag key={key} id={id} className={`scroll-mt-20 ${HEADINGS[node.depth]}`}>
          {children(node, ctx)}
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={key} className="my-3 leading-7">
          {children(node, ctx)}
        </p>
      );
    case "text":
      return node.value;
    case "emphasis":
      return <em key={key}>{children(node, ctx)}</em>;
    case "strong":
      return (
        <strong key={key} className="font-semibold text-slate-900">
          {children(node, ctx)}
        </strong>
      );
    case "delete":
      return <del key={key}>{children(node, ctx)}</del>;
    case "inlineCode":
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
          {node.value}
        </code>
      );
    case "break":
      return <br key={key} />;
    case "code":
      return <CodeBlock key={key} code={node.value} lang={node.lang} />;
    case "blockquote":
      return (
        <blockquote key={key} className="my-4 border-l-4 border-slate-200 pl-4 text-slate-600">
          {children(node, ctx)}
        </blockquote>
      );
    case "list": {
      const className = `my-3 space-y-1.5 pl-6 ${node.ordered ? "list-decimal" : "list-disc"}`;
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined} className={className}>
          {children(node, ctx)}
        </ol>
      ) : (
        <ul key={key} className={className}>
          {children(node, ctx)}
        </ul>
      );
    }
    case "listItem":
      return (
        <li key={key} className="leading-7 [&>p]:my-1">
          {node.checked === null || node.checked === undefined ? null : (
            <input type="checkbox" checked={node.checked} readOnly disabled className="mr-2 align-middle" />
          )}
          {children(node, ctx)}
        </li>
      );
    case "thematicBreak":
      return <hr key={key} className="my-8 border-slate-200" />;
    case "link":
      return link(node.url, children(node, ctx), ctx, key);
    case "linkReference": {
      const definition = ctx.definitions.get(node.identifier);
      return definition ? (
        link(definition.url, children(node, ctx), ctx, key)
      ) : (
        <span key={key}>{children(node, ctx)}</span>
      );
    }
    case "image":
    case "imageReference":
      // Nothing is fetched from elsewhere: an image is its description.
      return node.alt ? <span key={key}>[{node.alt}]</span> : null;
    case "table":
      return <Table key={key} node={node} ctx={ctx} />;
    case "html":
      // Shown as written, never injected.
      return (
        <code key={key} className="font-mono text-[0.85em] text-slate-500">
          {node.value}
        </code>
      );
    case "definition":
    case "footnoteDefinition":
      return null;
    case "footnoteReference":
      return <sup key={key}>[{node.label ?? node.identifier}]</sup>;
    default:
      return children(node, ctx);
  }
}

/** The guide, rendered; its first heading is the page's h1. */
export function Markdown({ source, href }: { source: string } & MarkdownOptions) {
  const tree = parseMarkdown(source);
  const definitions = new Map<string, Definition>();
  for (const node of tree.children) if (node.type === "definition") definitions.set(node.identifier, node);
  return <>{render(tree, { href, definitions, slugs: new Map() }, 0)}</>;
}
