import { getDb } from "@/server/db/client";
import { decodePathParam } from "@/server/http/decode-param";
import { apiRoute } from "@/server/http/api-route";
import { releaseNumber, updateNumber } from "@/server/numbers/numbers";
import { updateNumberInput } from "@/schemas/numbers";

export const PATCH = apiRoute({ auth: "operator", body: updateNumberInput }, ({ params, body }) =>
  updateNumber(getDb(), decodePathParam(params.number), body),
);

export const DELETE = apiRoute({ auth: "operator" }, async ({ params }) => {
  await releaseNumber(getDb(), decodePathParam(params.number));
});
