import type { Prisma } from "../db/client";

/**
 * A step result as it is stored and replayed: a JSON round trip (Date → ISO string, undefined →
 * null). Both engines apply it on the first run too, so a handler sees the same values whether a
 * step just ran or was replayed after a restart (Inngest alone would hand back the raw value when
 * the step ran in the same request, and the JSON one after a sleep).
 */
export function toJson(value: unknown): Prisma.JsonValue {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Prisma.JsonValue;
}
