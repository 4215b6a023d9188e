import { apiRoute } from "@/server/http/api-route";
import { listNumbersWithQueues } from "@/server/numbers/number-queues";

export const GET = apiRoute({ auth: "apiKey", scope: "sms.read" }, ({ auth }) =>
  listNumbersWithQueues(null, auth.organizationId),
);
