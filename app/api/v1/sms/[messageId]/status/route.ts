import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { getMessageOrThrow } from "@/server/messages/get-message-or-throw";
import { toMessageStatusView } from "@/server/messages/to-status-view";

export const GET = apiRoute(
  { auth: "apiKey", scope: "sms.read", rateLimit: "messages.read" },
  async ({ auth, params }) =>
    toMessageStatusView(
      await getMessageOrThrow(getDb(), auth.organizationId, params.messageId ?? "", auth.environment),
    ),
);
