import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { sendBulkSms } from "@/server/messages/send-bulk";
import { senderOfKey } from "@/server/messages/sender";
import { bulkSmsInput } from "@/schemas/messages";

export const POST = apiRoute(
  { auth: "apiKey", scope: "sms.send", rateLimit: "sms.bulk", body: bulkSmsInput, idempotent: true, status: 202 },
  ({ auth, body, recordResponse }) => sendBulkSms(getDb(), senderOfKey(auth), body, { record: recordResponse }),
);
