"use client";

import Link from "next/link";
import { LogOut, UserRound } from "lucide-react";
import { signOutAction } from "@/server/actions/auth-actions";
import { Menu } from "../ui/menu";
import { useDashboard } from "./dashboard-context";

export function UserMenu() {
  const { user } = useDashboard();
  const display = user.name ?? user.email;
  const initial = (display[0] ?? "?").toUpperCase();
  return (
    <Menu
      align="end"
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label="Account menu"
          className="flex items-center gap-2 rounded-full p-0.5 hover:ring-2 hover:ring-slate-200"
        >
          <span className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700">
            {initial}
          </span>
        </button>
      )}
    >
      {() => (
        <>
          <div className="border-b border-slate-100 px-2.5 pt-1.5 pb-2">
            {user.name ? <p className="truncate text-sm font-medium text-slate-900">{user.name}</p> : null}
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
          <Link
            href="/dashboard/account"
            role="menuitem"
            className="mt-1 flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100"
          >
            <UserRound aria-hidden className="size-4 text-slate-400" />
            Account
          </Link>
          <form action={signOutAction}>
            <button
              type="submit"
              role="menuitem"
              className="flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 focus:bg-slate-100"
            >
              <LogOut aria-hidden className="size-4 text-slate-400" />
              Sign out
            </button>
          </form>
        </>
      )}
    </Menu>
  );
}
