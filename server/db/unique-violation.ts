/** Prisma's unique-constraint error (P2002), also as surfaced through driver adapters. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as {
    code?: unknown;
    cause?: { code?: unknown };
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  return (
    e.code === "P2002" ||
    e.code === "23505" ||
    e.cause?.code === "23505" ||
    e.meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation"
  );
}
