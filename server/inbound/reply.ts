import type { Db } from "../db/client";
import { AppError } from "../errors";
import { sendSms } from "../messages/send-sms";
import type { SendSmsResponse } from "@/schemas/messages";

/**
 * The Inbox's reply (issue 39): back to `phone` from the number it last wrote to, in that message's
 * environment. Only in the sandbox: the dashboard never sends live messages (messages.sendTest),
 * which cost money and reach a real phone; live conversations are answered through the API.
 */
export async function replyInThread(
  db: Db,
  organizationId: string,
  input: { phone: string; body: string },
): Promise<SendSmsResponse> {
  const last = await db.message.findFirst({
    where: { organizationId, direction: "inbound", from: input.phone },
    orderBy: { id: "desc" },
    select: { to: true, environment: true },
  });
  if (!last) throw new AppError("not_found", `No message from ${input.phone} to answer.`);
  if (last.environment === "live") {
    throw new AppError(
      "forbidden",
      `The dashboard replies in the sandbox only: answer ${input.phone} with a live API key (POST /api/v1/sms/send from ${last.to}).`,
    );
  }
  return sendSms(
    db,
    { organizationId, environment: "test", apiKeyId: null },
    { to: input.phone, body: input.body, from: last.to },
  );
}
