import { z } from "zod";

/** What the auth and account forms' server actions answer (server/actions/*-actions.ts). */
export interface AuthFormState {
  fieldErrors?: Record<string, string | undefined>;
  formError?: string;
  /** Echoed back so the form keeps what was typed (never the password). */
  values?: Record<string, string>;
  /** The password was right and the account has two-factor on: ask for a code. */
  mfaRequired?: boolean;
}

/** A form field as text ("" when absent or a file). */
export function text(form: FormData, key: string): string {
  const v = form.get(key);
  return typeof v === "string" ? v : "";
}

/** The first message per field, as the forms show them. */
export function firstErrors(error: z.ZodError): Record<string, string | undefined> {
  const flat = z.flattenError(error).fieldErrors as Record<string, string[] | undefined>;
  return Object.fromEntries(Object.entries(flat).map(([k, v]) => [k, v?.[0]]));
}
