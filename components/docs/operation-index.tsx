import type { oas31 } from "zod-openapi";

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const METHOD_COLORS: Record<(typeof METHODS)[number], string> = {
  get: "text-emerald-700",
  post: "text-indigo-700",
  put: "text-amber-700",
  patch: "text-amber-700",
  delete: "text-red-700",
};

/** Every operation by tag, from the document itself: what /docs shows while the interactive reference loads. */
export function OperationIndex({ document }: { document: oas31.OpenAPIObject }) {
  const byTag = new Map<string, { method: string; path: string; summary: string }[]>();
  for (const tag of document.tags ?? []) byTag.set(tag.name, []);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, summary: op.summary ?? "" }]);
    }
  }
  return (
    <div data-testid="api-operations" className="mx-auto max-w-[1460px] px-4 py-6 sm:px-5">
      <p className="mb-4 text-sm text-slate-500">
        {document.info.title}: every operation. The interactive reference opens below.
      </p>
      <div className="grid gap-x-8 gap-y-6 sm:grid-cols-2 xl:grid-cols-3">
        {[...byTag].map(([tag, ops]) =>
          ops.length === 0 ? null : (
            <section key={tag} aria-label={tag}>
              <h2 className="mb-1.5 text-sm font-semibold text-slate-900">{tag}</h2>
              <ul className="space-y-1 text-sm">
                {ops.map((op) => (
                  <li key={`${op.method} ${op.path}`} className="flex min-w-0 gap-2">
                    <span
                      className={`w-12 shrink-0 font-mono text-xs leading-5 uppercase ${METHOD_COLORS[op.method as (typeof METHODS)[number]]}`}
                    >
                      {op.method}
                    </span>
                    <span className="min-w-0 text-slate-700">{op.summary}</span>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
      </div>
    </div>
  );
}
