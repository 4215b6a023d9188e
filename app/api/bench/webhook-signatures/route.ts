import { BENCH_SEED_SIGNATURE_ONLY } from "@/server/webhooks/deliveries/send-attempt";
import { benchNotFound, benchOtherMethod, benchRoutesEnabled } from "../enabled";

export const dynamic = "force-dynamic";

/**
 * `npm run bench` only: POST `{ "mode": "seed" }` makes this process's webhook worker sign with the
 * seed's X-Webhook-Signature alone, `{ "mode": "both" }` restores both schemes (the product's only
 * behaviour), so the bench can compare the two in interleaved runs of one server.
 */
export async function POST(req: Request): Promise<Response> {
  if (!benchRoutesEnabled()) return benchNotFound(req);
  const { mode } = (await req.json().catch(() => ({}))) as { mode?: unknown };
  if (mode !== "seed" && mode !== "both") return new Response("mode: seed | both", { status: 400 });
  (globalThis as Record<symbol, unknown>)[BENCH_SEED_SIGNATURE_ONLY] = mode === "seed";
  return Response.json({ mode });
}

export { benchOtherMethod as GET, benchOtherMethod as PUT, benchOtherMethod as PATCH, benchOtherMethod as DELETE };
