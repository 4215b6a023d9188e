import type { DbOrTx } from "../db/client";
import type { PhoneNumber } from "../db/generated/client";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/unique-violation";
import {
  assignNumberInput,
  phoneNumberViewSchema,
  updateNumberInput,
  type AssignNumberInput,
  type PhoneNumberView,
  type UpdateNumberInput,
} from "@/schemas/numbers";
import { DEFAULT_MPS, senderTypeOf } from "./sender-type";

function toView(row: PhoneNumber): PhoneNumberView {
  return phoneNumberViewSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });
}

/**
 * The operator assigns a number; the number is the primary key, so at most one owner. Its type
 * defaults from the number (contract §15), its throughput from the type.
 */
export async function assignNumber(db: DbOrTx, input: AssignNumberInput): Promise<PhoneNumberView> {
  const { number, organizationId, type: given, mps } = assignNumberInput.parse(input);
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!org) throw new AppError("not_found", `No organization with id ${organizationId}.`);
  const type = given ?? senderTypeOf(number);
  try {
    const row = await db.phoneNumber.create({ data: { number, organizationId, type, mps: mps ?? DEFAULT_MPS[type] } });
    // A queue the sender had before it was assigned (sent from as an unassigned number) takes its pace now.
    await db.senderQueue.updateMany({ where: { organizationId, sender: number }, data: { mps: row.mps } });
    return toView(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("number_taken", `${number} already belongs to an organization.`);
    throw err;
  }
}

/**
 * The operator changes a number's type or throughput. A new type without an mps takes the type's
 * default. The sender's queue is paced at the new rate from its next hand-off round on.
 */
export async function updateNumber(db: DbOrTx, number: string, input: UpdateNumberInput): Promise<PhoneNumberView> {
  const { type, mps } = updateNumberInput.parse(input);
  const current = await db.phoneNumber.findUnique({ where: { number } });
  if (!current) throw new AppError("not_found", `${number} is not assigned.`);
  const nextMps = mps ?? (type ? DEFAULT_MPS[type] : current.mps);
  const row = await db.phoneNumber.update({ where: { number }, data: { type: type ?? current.type, mps: nextMps } });
  await db.senderQueue.updateMany({
    where: { organizationId: row.organizationId, sender: number },
    data: { mps: nextMps },
  });
  return toView(row);
}

export async function releaseNumber(db: DbOrTx, number: string): Promise<void> {
  const { count } = await db.phoneNumber.deleteMany({ where: { number } });
  if (count === 0) throw new AppError("not_found", `${number} is not assigned.`);
}

/** Every assigned number (the operator's view); the operator runs a handful to thousands. */
export async function listAllNumbers(db: DbOrTx): Promise<PhoneNumberView[]> {
  return (await db.phoneNumber.findMany({ orderBy: { number: "asc" } })).map(toView);
}
