import { apiRoute } from "@/server/http/api-route";
import { notImplemented } from "@/server/http/not-implemented";
import { sendSmsInput } from "@/schemas/messages";

export const POST = apiRoute(
  { auth: "apiKey", scope: "sms.send", rateLimit: "sms.send", body: sendSmsInput },
  async () => notImplemented("Sending SMS"),
);
