import type { DbOrTx } from "../db/client";
import { burnPasswordCheck, verifyPassword } from "./password";

/**
 * Email + password check shared by the REST token endpoint and the dashboard's next-auth sign-in.
 * Unknown emails still run one hash verification, so timing does not reveal which emails exist.
 */
export async function verifyCredentials(db: DbOrTx, email: string, password: string) {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, name: true, passwordHash: true },
  });
  if (!user) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  return { id: user.id, email: user.email, name: user.name };
}
