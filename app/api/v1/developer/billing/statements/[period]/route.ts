import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getStatementOrThrow, statementCsv } from "@/server/billing/statements";

// JSON, or CSV for `Accept: text/csv` (finance's spreadsheet).
export const GET = apiRoute({ auth: "jwt", allow: "billing.read" }, async ({ auth, params, req }) => {
  const statement = await getStatementOrThrow(getDb(), auth.organizationId, params.period ?? "");
  if (!(req.headers.get("accept") ?? "").includes("text/csv")) return statement;
  return new Response(statementCsv(statement), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="signalgate-statement-${statement.period}.csv"`,
    },
  });
});
