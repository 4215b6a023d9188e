import type { KeyEnvironment } from "@/schemas/api-keys";

/** The dashboard's environment switch, kept per browser (a year) so the server renders the right lists at once. */
export const ENVIRONMENT_COOKIE = "sg_env";

export function parseEnvironment(value: string | undefined): KeyEnvironment | null {
  return value === "live" || value === "test" ? value : null;
}
