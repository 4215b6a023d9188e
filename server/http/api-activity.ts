// How busy this process is serving the API: requests in flight and requests started so far. The
// message pipeline reads it to give way to requests (pipeline/pace.ts). Kept on globalThis because
// Next bundles route handlers and instrumentation.ts separately: a module-level counter would be
// one per bundle, and the pipeline would never see the routes' requests.

interface Activity {
  inFlight: number;
  started: number;
}

const holder = globalThis as typeof globalThis & { __signalgateApiActivity?: Activity };
const activity = (holder.__signalgateApiActivity ??= { inFlight: 0, started: 0 });

/** A request is being served: call the returned function once it has its response. */
export function trackApiRequest(): () => void {
  activity.inFlight++;
  activity.started++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    activity.inFlight--;
  };
}

/** Requests being served right now. */
export function apiRequestsInFlight(): number {
  return activity.inFlight;
}

/** A mark to ask later whether any request was served since (`servedApiSince`). */
export function apiActivityMark(): number {
  return activity.started;
}

/** Whether a request was in flight at some point since `mark`: one is now, or one started since. */
export function servedApiSince(mark: number): boolean {
  return activity.inFlight > 0 || activity.started !== mark;
}
