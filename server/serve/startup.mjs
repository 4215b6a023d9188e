// Start-up for server/serve.mjs: Next runs instrumentation.ts's register() (configuration check,
// migrations, background work) inside app.prepare() in development and right after it in
// production, where Next would only log a failure and then answer every request with 500. So
// serve.mjs installs a report (see server/lifecycle.ts) that register() fills in, and listens only
// once it says start-up succeeded; on failure it prints why and exits non-zero.

/** Installs globalThis.__signalgateStartup; `outcome` settles with register()'s result. */
export function installStartupReport() {
  let started = false;
  let settle;
  const outcome = new Promise((resolve, reject) => (settle = { resolve, reject }));
  globalThis.__signalgateStartup = {
    started: () => void (started = true),
    succeeded: (settings) => settle.resolve(settings),
    failed: (error) => settle.reject(error),
  };
  return { outcome, wasStarted: () => started };
}

/**
 * What register() reported. Should it not have begun within `startMs` (a Next version that no
 * longer runs it before the first request), serve.mjs listens anyway, as it did before, with a
 * warning: the settings are then undefined.
 */
export function awaitStartup(report, startMs = 30_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      if (report.wasStarted()) return;
      console.warn("[serve] instrumentation.ts did not start within 30 s; listening without waiting for it");
      resolve(undefined);
    }, startMs);
    report.outcome.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** The reason, readably: configuration problems are one line per variable, nothing else. */
export function describeStartupFailure(error) {
  if (error?.configuration) return String(error.message);
  return `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}
