"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { can } from "@/schemas/roles";
import { Logo } from "../brand/logo";
import { cn } from "../ui/cn";
import { useDashboard } from "./dashboard-context";
import { isActivePath, NAV } from "./nav-items";

export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const { role } = useDashboard();
  return (
    // Compact enough that every item is on the first screen of a 900 px window.
    <nav aria-label="Main" className="flex flex-1 flex-col gap-3 px-3 py-3">
      {NAV.map((group, i) => {
        const items = group.items.filter((item) => !item.action || can(role, item.action));
        if (items.length === 0) return null;
        return (
          <div key={group.label ?? i}>
            {group.label ? (
              <div className="px-2.5 pb-1 text-[11px] font-semibold tracking-wider text-slate-400 uppercase">
                {group.label}
              </div>
            ) : null}
            <ul>
              {items.map((item) => {
                const active = isActivePath(pathname, item.href);
                const Icon = item.icon;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex items-center gap-2.5 rounded-md px-2.5 py-1 text-sm font-medium transition-colors",
                        active
                          ? "bg-indigo-50 text-indigo-700"
                          : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                      )}
                    >
                      <Icon aria-hidden className={cn("size-4", active ? "text-indigo-600" : "text-slate-400")} />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

export function Sidebar() {
  // The column stretches with the page (white to the bottom); the navigation inside stays put.
  return (
    <aside className="hidden w-60 shrink-0 border-r border-slate-200 bg-white lg:block">
      <div className="sticky top-0 flex h-screen flex-col">
        <div className="flex h-14 shrink-0 items-center border-b border-slate-100 px-5">
          <Link href="/dashboard" aria-label="SignalGate overview">
            <Logo />
          </Link>
        </div>
        <div className="flex flex-1 flex-col overflow-y-auto">
          <SidebarNav />
        </div>
      </div>
    </aside>
  );
}
