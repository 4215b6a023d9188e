// Tests of the runners' isolation (server/isolation/): a failing item injected as data can make
// one (a trigger that raises for the rows matching a condition, so the statement that writes them
// throws like any fault of that item would: P0001, not a transient database error), and what a
// message set aside must look like.
import { expect, vi } from "vitest";
import { getDb } from "../db/client";
import { randomBase62 } from "../ids";
import { logger } from "../logger";

export const POISON_MESSAGE = "injected failure";

/**
 * Before `event` on `table`, rows matching `when` (SQL on NEW, or OLD for DELETE) raise an
 * exception. Resolves to the function that removes it (call it in a `finally`: on PostgreSQL the
 * test files share one database).
 */
export async function poisonRows(
  table: string,
  event: "INSERT" | "UPDATE" | "DELETE",
  when: string,
  /** The SQLSTATE raised: P0001 (an ordinary fault) unless given, e.g. 40001 for a transient one. */
  sqlstate = "P0001",
): Promise<() => Promise<void>> {
  const name = `sg_test_poison_${randomBase62(8).toLowerCase()}`;
  const db = getDb();
  await db.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN RAISE EXCEPTION '${POISON_MESSAGE}' USING ERRCODE = '${sqlstate}'; END $$`,
  );
  await db.$executeRawUnsafe(
    `CREATE TRIGGER ${name} BEFORE ${event} ON ${table} FOR EACH ROW WHEN (${when}) EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  };
}

/** The logged set-aside of an item (logger.error spied on), found by its error reference. */
export function loggedSetAside(reference: string): Record<string, unknown> | undefined {
  return vi.mocked(logger.error).mock.calls.find(([, f]) => f?.errorReference === reference)?.[1];
}

/** Set aside: FAILED with `internal_error`, unbilled, its message.failed event, logged with its stack. */
export async function expectMessageSetAside(id: string, organizationId: string): Promise<void> {
  const m = await getDb().message.findFirstOrThrow({ where: { organizationId, id } });
  expect(m).toMatchObject({ status: "FAILED", errorCode: "internal_error", priceUnits: 0n });
  expect(m.errorMessage).toMatch(/error reference err_/);
  const events = await getDb().outboxEvent.findMany({ where: { organizationId, type: "message.failed" } });
  expect(events.map((e) => (e.payload as { messageId: string }).messageId)).toEqual([id]);
  const reference = /err_[0-9A-Za-z]+/.exec(m.errorMessage!)![0];
  expect(loggedSetAside(reference)).toMatchObject({ kind: "message", id, organizationId, stack: expect.any(String) });
}
