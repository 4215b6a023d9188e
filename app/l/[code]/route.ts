import { answerLinkRequest } from "@/server/campaigns/links/redirect";
import { clientIp } from "@/server/http/client-ip";
import { resolveRequestId } from "@/server/http/request-id";
import { errorDocUrl } from "@/server/http/error-doc-url.mjs";

export const dynamic = "force-dynamic";

/**
 * Campaign short links when the app runs without server/serve.mjs (`next start`, `next dev`):
 * serve.mjs answers /l/{code} itself, before Next, with the same function (and 405 in the
 * contract's shape for other methods; here Next answers those 405 itself).
 */
async function answer(req: Request, { params }: { params: Promise<{ code: string }> }): Promise<Response> {
  const { code } = await params;
  const requestId = resolveRequestId(req.headers.get("x-request-id"));
  const out = await answerLinkRequest(req.method, code, req.headers.get("user-agent"), new Date(), clientIp(req));
  const headers = { ...out.headers, "x-request-id": requestId };
  if (!out.error) return new Response(null, { status: out.status, headers });
  return Response.json(
    { error: { ...out.error, requestId, docUrl: errorDocUrl(out.error.code) } },
    { status: out.status, headers },
  );
}

export { answer as GET, answer as HEAD };
