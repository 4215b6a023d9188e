import { installJobRegistry } from "../jobs/registry";

/**
 * What startBackgroundWork() does for the app, for processes that do not start it: the database
 * tests (setup-db.ts) and the child processes of the crash tests (fixtures/). The jobs load on the
 * first event sent, so a test that sends none never loads them.
 */
export function installAllJobs(): void {
  installJobRegistry(async () => (await import("../jobs/functions")).allJobs);
}
