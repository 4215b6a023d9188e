import { getDb } from "@/server/db/client";
import { decodePathParam } from "@/server/http/decode-param";
import { apiRoute } from "@/server/http/api-route";
import { releaseNumber } from "@/server/numbers/numbers";

export const DELETE = apiRoute({ auth: "operator" }, async ({ params }) => {
  await releaseNumber(getDb(), decodePathParam(params.number));
});
