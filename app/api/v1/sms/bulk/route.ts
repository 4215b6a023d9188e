import { apiRoute } from "@/server/http/api-route";
import { notImplemented } from "@/server/http/not-implemented";
import { bulkSmsInput } from "@/schemas/messages";

export const POST = apiRoute(
  { auth: "apiKey", scope: "sms.send", rateLimit: "sms.bulk", body: bulkSmsInput },
  async () => notImplemented("Bulk SMS"),
);
