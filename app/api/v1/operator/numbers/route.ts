import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { assignNumber, listAllNumbers } from "@/server/numbers/numbers";
import { assignNumberInput } from "@/schemas/numbers";

export const GET = apiRoute({ auth: "operator" }, () => listAllNumbers(getDb()));

export const POST = apiRoute({ auth: "operator", body: assignNumberInput, status: 201 }, ({ body }) =>
  assignNumber(getDb(), body),
);
