import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { simulateInbound } from "@/server/inbound/simulate-inbound";
import { simulateInboundInput } from "@/schemas/inbound";

// contract §10: the sandbox's inbound simulator (sg_test_ keys with sms.send).
export const POST = apiRoute(
  { auth: "apiKey", scope: "sms.send", rateLimit: "sms.send", body: simulateInboundInput, status: 201 },
  ({ auth, body }) => simulateInbound(getDb(), auth, body),
);
