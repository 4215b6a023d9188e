import { apiRoute } from "@/server/http/api-route";
import { notImplemented } from "@/server/http/not-implemented";

export const GET = apiRoute({ auth: "apiKey", scope: "sms.read", rateLimit: "messages.read" }, async () =>
  notImplemented("Message status"),
);
