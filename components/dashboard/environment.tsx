"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import type { KeyEnvironment } from "@/schemas/api-keys";
import { cn } from "../ui/cn";
import { ENVIRONMENT_COOKIE } from "./environment-cookie";

interface EnvironmentState {
  environment: KeyEnvironment;
  setEnvironment: (environment: KeyEnvironment) => void;
}

const Ctx = createContext<EnvironmentState | null>(null);

/**
 * Which data the dashboard shows, as Stripe's test-mode switch: sandbox (sg_test_) or live. Lists
 * (Messages, OTP activity, Analytics) follow it unless their URL asks for another (`env=all` for
 * both). `initial` comes from the server: the cookie, else live for an organization with a live key.
 */
export function EnvironmentProvider({ initial, children }: { initial: KeyEnvironment; children: ReactNode }) {
  const [environment, setState] = useState(initial);
  const setEnvironment = useCallback((next: KeyEnvironment) => {
    setState(next);
    document.cookie = `${ENVIRONMENT_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  }, []);
  return <Ctx.Provider value={{ environment, setEnvironment }}>{children}</Ctx.Provider>;
}

export function useEnvironment(): EnvironmentState {
  const value = useContext(Ctx);
  if (!value) throw new Error("useEnvironment() is only available inside the dashboard layout");
  return value;
}

/** A list's environment filter: the URL's `env` ("all" for both), else the switch's. */
export function listEnvironment(urlEnv: string, fallback: KeyEnvironment): { environment?: KeyEnvironment } {
  if (urlEnv === "all") return {};
  return { environment: urlEnv === "live" || urlEnv === "test" ? urlEnv : fallback };
}

/** The header's switch: on shows sandbox data, off live data. */
export function EnvironmentSwitch() {
  const { environment, setEnvironment } = useEnvironment();
  const sandbox = environment === "test";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={sandbox}
      onClick={() => setEnvironment(sandbox ? "live" : "test")}
      title={
        sandbox
          ? "Showing sandbox (sg_test_) data. Turn off for live data."
          : "Showing live data. Turn on for sandbox data."
      }
      className={cn(
        "inline-flex shrink-0 items-center gap-2 rounded-full py-1 pr-2.5 pl-1 text-sm font-medium ring-1 transition-colors",
        sandbox
          ? "bg-amber-50 text-amber-900 ring-amber-300"
          : "bg-white text-slate-600 ring-slate-200 hover:bg-slate-50",
      )}
    >
      <span
        aria-hidden
        className={cn("relative h-5 w-9 rounded-full transition-colors", sandbox ? "bg-amber-500" : "bg-slate-300")}
      >
        <span
          className={cn(
            "absolute top-0.5 left-0.5 size-4 rounded-full bg-white shadow transition-transform",
            sandbox ? "translate-x-4" : "",
          )}
        />
      </span>
      Sandbox
    </button>
  );
}
