"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import Link from "next/link";
import { LimitBanner } from "../billing/limit-banner";
import { BookOpen, Menu as MenuIcon, X } from "lucide-react";
import { Logo } from "../brand/logo";
import { EnvironmentSwitch } from "./environment";
import { OrgSwitcher } from "./org-switcher";
import { Sidebar, SidebarNav } from "./sidebar";
import { UserMenu } from "./user-menu";

/** Sidebar navigation, a header with the organization switcher and account menu, and the page. */
export function DashboardShell({ children }: { children: ReactNode }) {
  const [mobileNav, setMobileNav] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The phone's navigation drawer behaves like a dialog: focus moves in, Escape closes it, and
  // focus returns to the menu button.
  useEffect(() => {
    if (!mobileNav) return;
    closeButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMobileNav(false);
    };
    document.addEventListener("keydown", onKey);
    const opener = openButton.current;
    return () => {
      document.removeEventListener("keydown", onKey);
      opener?.focus();
    };
  }, [mobileNav]);
  return (
    <div className="flex min-h-screen">
      <Sidebar />
      {mobileNav ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Navigation">
          <div className="absolute inset-0 bg-slate-900/40" onClick={() => setMobileNav(false)} aria-hidden />
          <div className="absolute inset-y-0 left-0 flex w-64 flex-col bg-white shadow-xl">
            <div className="flex h-14 items-center justify-between border-b border-slate-100 px-4">
              <Logo />
              <button
                ref={closeButton}
                type="button"
                aria-label="Close navigation"
                onClick={() => setMobileNav(false)}
                className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden className="size-5" />
              </button>
            </div>
            <SidebarNav onNavigate={() => setMobileNav(false)} />
          </div>
        </div>
      ) : null}
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-10 flex h-14 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            ref={openButton}
            type="button"
            aria-label="Open navigation"
            aria-expanded={mobileNav}
            onClick={() => setMobileNav(true)}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 lg:hidden"
          >
            <MenuIcon aria-hidden className="size-5" />
          </button>
          <OrgSwitcher />
          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <EnvironmentSwitch />
            <Link
              href="/docs"
              className="hidden items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-flex"
            >
              <BookOpen aria-hidden className="size-4 text-slate-400" />
              API reference
            </Link>
            <UserMenu />
          </div>
        </header>
        <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
          <LimitBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
