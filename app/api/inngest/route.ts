import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { getEnv } from "@/server/env";
import { AppError } from "@/server/errors";
import { errorResponse } from "@/server/http/error-response";
import { resolveRequestId } from "@/server/http/request-id";
import { getInngest } from "@/server/jobs/client";
import { getInngestFunctions } from "@/server/jobs/inngest-functions";

// The endpoint Inngest calls to sync and run the app's functions. Built on first request, not at
// import: `next build` loads this module with no configuration at all.
export const dynamic = "force-dynamic";

type Handlers = ReturnType<typeof serve>;
let handlers: Handlers | undefined;

function handle(method: "GET" | "POST" | "PUT") {
  return async (req: NextRequest, context: unknown): Promise<Response> => {
    if (!getEnv().inngestEnabled) {
      // Without Inngest the embedded runner does this work in-process; there is nothing to serve.
      const requestId = resolveRequestId(req.headers.get("x-request-id"));
      const response = errorResponse(
        new AppError("not_found", "Inngest is not configured: background jobs run in the app process."),
        requestId,
      );
      response.headers.set("x-request-id", requestId);
      return response;
    }
    handlers ??= serve({ client: getInngest(), functions: getInngestFunctions() });
    return handlers[method](req, context);
  };
}

export const GET = handle("GET");
export const POST = handle("POST");
export const PUT = handle("PUT");
