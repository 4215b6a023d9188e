import { apiRoute } from "@/server/http/api-route";
import { benchOnly, benchOtherMethod } from "../enabled";

export const dynamic = "force-dynamic";

/** Benchmark: the key-noop route plus the organization rate limit (one SQL call per request). */
export const GET = benchOnly(apiRoute({ auth: "apiKey" }, async () => ({ ok: true })));

export { benchOtherMethod as POST, benchOtherMethod as PUT, benchOtherMethod as PATCH, benchOtherMethod as DELETE };
