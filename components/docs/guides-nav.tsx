import Link from "next/link";
import { GUIDES, type Guide } from "@/server/docs/guides";
import { cn } from "../ui/cn";

const GROUPS = [...new Set(GUIDES.map((g) => g.group))];

/** The user's guides by group; `current` is highlighted. `inline` lays them out in a wrapping line (above the reference). */
export function GuidesNav({ current, inline = false }: { current?: string; inline?: boolean }) {
  if (inline) {
    return (
      <nav aria-label="Guides" className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
        <span className="font-medium text-slate-500">Guides:</span>
        {GUIDES.map((g) => (
          <GuideLink key={g.name} guide={g} current={current} className="text-slate-700 hover:underline" />
        ))}
      </nav>
    );
  }
  return (
    <nav aria-label="Guides" className="space-y-5 text-sm">
      {GROUPS.map((group) => (
        <div key={group}>
          <h2 className="mb-1.5 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">{group}</h2>
          <ul className="space-y-0.5">
            {GUIDES.filter((g) => g.group === group).map((g) => (
              <li key={g.name}>
                <GuideLink
                  guide={g}
                  current={current}
                  className="block rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:font-medium aria-[current=page]:text-indigo-700"
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function GuideLink({ guide, current, className }: { guide: Guide; current?: string; className: string }) {
  return (
    <Link
      href={`/docs/guides/${guide.name}`}
      aria-current={guide.name === current ? "page" : undefined}
      className={cn("underline-offset-2", className)}
    >
      {guide.label}
    </Link>
  );
}
