/**
 * A path parameter that may arrive still percent-escaped (`%2B1415…` for a phone number). A stray
 * `%` that does not decode is kept as it is, so the value's own validation answers 400, never a
 * URIError's 500.
 */
export function decodePathParam(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? "");
  } catch {
    return value ?? "";
  }
}
