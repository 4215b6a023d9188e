import { apiRoute } from "@/server/http/api-route";
import { getSmsPriceOrThrow } from "@/server/billing/list-prices";

export const GET = apiRoute({ auth: "any" }, async ({ params }) => getSmsPriceOrThrow(params.country ?? ""));
