import { apiRoute } from "@/server/http/api-route";
import { getOpenApiDocument } from "@/server/openapi/document";

const serveDocument = apiRoute(
  { auth: "none" },
  async () =>
    new Response(getOpenApiDocument().json, {
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
    }),
);

/** The OpenAPI 3.1 document of this API, generated from the zod schemas the routes validate with. */
// No path parameters, so Next's route context (whose params resolve to undefined here) is not passed on.
export const GET = (req: Request) => serveDocument(req);
