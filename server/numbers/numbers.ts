import type { DbOrTx } from "../db/client";
import type { PhoneNumber } from "../db/generated/client";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/unique-violation";
import {
  assignNumberInput,
  phoneNumberViewSchema,
  type AssignNumberInput,
  type PhoneNumberView,
} from "@/schemas/numbers";

function toView(row: PhoneNumber): PhoneNumberView {
  return phoneNumberViewSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });
}

/** The operator assigns a receiving number; the number is the primary key, so at most one owner. */
export async function assignNumber(db: DbOrTx, input: AssignNumberInput): Promise<PhoneNumberView> {
  const { number, organizationId } = assignNumberInput.parse(input);
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!org) throw new AppError("not_found", `No organization with id ${organizationId}.`);
  try {
    return toView(await db.phoneNumber.create({ data: { number, organizationId } }));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError("number_taken", `${number} already belongs to an organization.`);
    throw err;
  }
}

export async function releaseNumber(db: DbOrTx, number: string): Promise<void> {
  const { count } = await db.phoneNumber.deleteMany({ where: { number } });
  if (count === 0) throw new AppError("not_found", `${number} is not assigned.`);
}

/** Every assigned number (the operator's view); the operator runs a handful to thousands. */
export async function listAllNumbers(db: DbOrTx): Promise<PhoneNumberView[]> {
  return (await db.phoneNumber.findMany({ orderBy: { number: "asc" } })).map(toView);
}

/** The organization's own numbers, read through (organization_id, number). */
export async function listOrganizationNumbers(db: DbOrTx, organizationId: string): Promise<PhoneNumberView[]> {
  return (await db.phoneNumber.findMany({ where: { organizationId }, orderBy: { number: "asc" } })).map(toView);
}
