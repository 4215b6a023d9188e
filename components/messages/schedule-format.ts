// Times of scheduled sends as the dashboard shows and reads them: the viewer's own zone (what a
// `datetime-local` input speaks) with the UTC instant beside it, so nobody schedules a reminder an
// hour off by mistake.

const pad = (n: number) => String(n).padStart(2, "0");

/** `2026-12-01 09:00` in the browser's zone, for a `datetime-local` input's value. */
export function toLocalInputValue(at: Date): string {
  return (
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T` +
    `${pad(at.getHours())}:${pad(at.getMinutes())}`
  );
}

/** A `datetime-local` value (the browser's zone) as an instant; undefined when empty or invalid. */
export function fromLocalInputValue(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return undefined;
  const at = new Date(value); // no zone in the string: read in the browser's zone
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** The browser's zone name, e.g. "Europe/Paris". */
export function localZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** An instant in the viewer's zone (named) and in UTC. */
export function formatLocalAndUtc(iso: string | Date): { local: string; utc: string } {
  const at = typeof iso === "string" ? new Date(iso) : iso;
  // dateStyle/timeStyle cannot be combined with timeZoneName: the fields are spelled out.
  const local = new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
  const utc = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return { local, utc };
}
