import { benchNotFound, benchOtherMethod, benchRoutesEnabled } from "../enabled";

export const dynamic = "force-dynamic";

/** The benchmark's baseline: an App Router handler that does nothing (see server/scripts/bench.ts). */
export async function GET(req: Request): Promise<Response> {
  if (!benchRoutesEnabled()) return benchNotFound(req);
  return new Response("ok");
}

export { benchOtherMethod as POST, benchOtherMethod as PUT, benchOtherMethod as PATCH, benchOtherMethod as DELETE };
