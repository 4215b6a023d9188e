import { getEnv } from "../../env";

/**
 * Where short links point (contract §11): LINK_BASE_URL, else PUBLIC_BASE_URL, else this server as
 * a local machine reaches it (the default "service's own origin" when no public one is configured).
 */
export function linkBaseUrl(): string {
  const env = getEnv();
  return env.LINK_BASE_URL ?? env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`;
}
