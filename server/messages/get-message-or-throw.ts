import type { DbOrTx } from "../db/client";
import type { Message } from "../db/generated/client";
import { AppError } from "../errors";

/**
 * A message of this organization (and, when given, this environment), or 404: another tenant's
 * id answers exactly like an unknown one, and a sandbox key cannot read live messages.
 */
export async function getMessageOrThrow(
  db: DbOrTx,
  organizationId: string,
  messageId: string,
  environment?: "live" | "test",
): Promise<Message> {
  const message = await db.message.findFirst({
    where: { id: messageId, organizationId, ...(environment ? { environment } : {}) },
  });
  if (!message) throw new AppError("not_found", `No message with id ${messageId}.`);
  return message;
}
