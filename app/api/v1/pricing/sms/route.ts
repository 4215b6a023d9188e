import { apiRoute } from "@/server/http/api-route";
import { listSmsPrices } from "@/server/billing/list-prices";

export const GET = apiRoute({ auth: "any" }, async () => listSmsPrices());
