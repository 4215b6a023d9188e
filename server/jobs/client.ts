import { Inngest } from "inngest";
import { getEnv } from "../env";

export const INNGEST_APP_ID = "signalgate";

/**
 * INNGEST_DEV is either a flag ("1", "true", "0", "false") or the dev server's URL (which means dev
 * mode too). Undefined leaves the decision to the SDK's own defaults (cloud mode).
 */
function devMode(value: string | undefined): boolean | undefined {
  if (!value) return undefined;
  const flag = value.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(flag)) return true;
  if (["0", "false", "no", "off"].includes(flag)) return false;
  return true;
}

function createClient(): Inngest {
  const env = getEnv();
  return new Inngest({
    id: INNGEST_APP_ID,
    eventKey: env.INNGEST_EVENT_KEY,
    signingKey: env.INNGEST_SIGNING_KEY,
    baseUrl: env.INNGEST_BASE_URL,
    isDev: devMode(env.INNGEST_DEV),
  });
}

const holder = globalThis as typeof globalThis & { __signalgateInngest?: Inngest };

/**
 * The Inngest client, created on first use: `next build` imports the route module without any
 * configuration, and the embedded mode never needs a client at all.
 */
export function getInngest(): Inngest {
  holder.__signalgateInngest ??= createClient();
  return holder.__signalgateInngest;
}
