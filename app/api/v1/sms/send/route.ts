import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { sendSms } from "@/server/messages/send-sms";
import { senderOfKey } from "@/server/messages/sender";
import { sendSmsInput } from "@/schemas/messages";

export const POST = apiRoute(
  { auth: "apiKey", scope: "sms.send", rateLimit: "sms.send", body: sendSmsInput, idempotent: true, status: 202 },
  ({ auth, body, recordResponse }) => sendSms(getDb(), senderOfKey(auth), body, { record: recordResponse }),
);
