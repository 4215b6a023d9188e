import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors";
import { newId } from "../ids";
import { registerInput, type RegisterInput } from "@/schemas/auth";
import { hashPassword } from "./password";
import { queueVerificationEmail } from "../accounts/verification";

/** Contract §2: a new user, a new organization, and the user as its owner, all or nothing. */
export async function registerUser(db: Db, input: RegisterInput) {
  const data = registerInput.parse(input);
  const existing = await db.user.findUnique({ where: { email: data.email }, select: { id: true } });
  if (existing) throw new AppError("email_taken");

  const passwordHash = await hashPassword(data.password);
  try {
    return await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { id: newId("usr"), email: data.email, name: data.name ?? null, passwordHash },
        select: { id: true, email: true, name: true },
      });
      const organization = await tx.organization.create({
        data: { id: newId("org"), name: data.organizationName },
        select: { id: true, name: true },
      });
      await tx.membership.create({
        data: { id: newId("mem"), userId: user.id, organizationId: organization.id, role: "owner" },
      });
      // Contract §14: a new account is sent a verification link, committed with the account.
      await queueVerificationEmail(tx, user);
      return { user, organization };
    });
  } catch (err) {
    // Two registrations racing for one email: the loser gets the same answer as a late one.
    if (isUniqueViolation(err)) throw new AppError("email_taken");
    throw err;
  }
}
