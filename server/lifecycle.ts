/**
 * What server/serve.mjs (plain Node, outside Next's bundles) and the app's own code tell each other
 * about the process's life. They share one process but not one module graph, so it goes through
 * globalThis, typed here.
 */

/** Installed by serve.mjs before Next loads: instrumentation.ts reports how start-up went. */
export interface StartupReport {
  /** register() began (serve.mjs knows start-up is under way and waits for its outcome). */
  started(): void;
  /** Configuration is valid, migrations applied, background work running: serve.mjs may listen. */
  succeeded(settings: { shutdownDrainMs: number }): void;
  /** Start-up failed: serve.mjs prints the reason and exits non-zero without listening. */
  failed(error: unknown): void;
}

/** What server/campaigns/links/redirect.ts answers, as serve.mjs writes it. */
export interface LinkRedirectAnswer {
  status: number;
  headers: Record<string, string>;
  error?: { code: string; message: string };
}

declare global {
  var __signalgateStartup: StartupReport | undefined;
  /** Set by serve.mjs the moment SIGTERM/SIGINT arrives: readiness answers 503 from then on. */
  var __signalgateShuttingDown: boolean | undefined;
  /** Installed by instrumentation.ts: stops background work and closes the database. */
  var __signalgateShutdown: (() => Promise<void>) | undefined;
  /** Installed by instrumentation.ts: answers /l/{code} for serve.mjs (server/serve/short-links.mjs). */
  var __signalgateLinkRedirect:
    | ((
        method: string,
        code: string,
        userAgent: string | undefined,
        ip: string | undefined,
      ) => Promise<LinkRedirectAnswer>)
    | undefined;
}

export function isShuttingDown(): boolean {
  return globalThis.__signalgateShuttingDown === true;
}
