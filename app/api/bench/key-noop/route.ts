import { apiRoute } from "@/server/http/api-route";
import { benchOnly, benchOtherMethod } from "../enabled";

export const dynamic = "force-dynamic";

/** Benchmark: API-key authentication through the REST wrapper, with the rate limiter skipped. */
export const GET = benchOnly(apiRoute({ auth: "apiKey", rateLimit: false }, async () => ({ ok: true })));

export { benchOtherMethod as POST, benchOtherMethod as PUT, benchOtherMethod as PATCH, benchOtherMethod as DELETE };
