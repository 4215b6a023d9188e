import { randomUUID } from "node:crypto";
import { errorDocUrl } from "../http/error-doc-url.mjs";

// Campaign short links (contract §11): `/l/{code}` is answered here, before Next's router, by the
// function the app installs at start-up (globalThis.__signalgateLinkRedirect, from
// server/campaigns/links/redirect.ts): no session, no tRPC, no page machinery, one database
// statement. Until it is installed (never, under `next start`) app/l/[code]/route.ts answers.

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** True when serve.mjs should hand the request to serveShortLink. */
export function isShortLinkRequest(req) {
  return typeof req.url === "string" && req.url.startsWith("/l/") && !!globalThis.__signalgateLinkRedirect;
}

export async function serveShortLink(req, res) {
  const incoming = req.headers["x-request-id"];
  const requestId =
    typeof incoming === "string" && VALID_REQUEST_ID.test(incoming)
      ? incoming
      : `req_${randomUUID().replaceAll("-", "")}`;
  const code = req.url.slice(3).split("?")[0];
  let answer;
  try {
    // serve.mjs recorded the client's address in x-sg-client-ip before handing the request here.
    const ip = req.headers["x-sg-client-ip"];
    answer = await globalThis.__signalgateLinkRedirect(
      req.method ?? "GET",
      code,
      req.headers["user-agent"],
      typeof ip === "string" ? ip : undefined,
    );
  } catch (err) {
    // A bug: a plain 500 in the contract's shape, with this request's id, and the cause in the log.
    console.error("[short-links]", requestId, err);
    answer = {
      status: 500,
      headers: { "cache-control": "private, no-store" },
      error: { code: "internal_error", message: "An internal error occurred." },
    };
  }
  const headers = { ...answer.headers, "x-request-id": requestId };
  if (!answer.error) {
    try {
      res.writeHead(answer.status, headers);
    } catch (err) {
      // A header Node refuses (it never should: locations are stored in ASCII): a 500 in the
      // contract's shape with this request's id, never a half-written answer.
      console.error("[short-links]", requestId, err);
      const body = JSON.stringify({
        error: { code: "internal_error", message: "An internal error occurred.", requestId },
      });
      res.writeHead(500, { "content-type": "application/json", "x-request-id": requestId });
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    res.end();
    return;
  }
  const body = JSON.stringify({ error: { ...answer.error, requestId, docUrl: errorDocUrl(answer.error.code) } });
  res.writeHead(answer.status, { ...headers, "content-type": "application/json" });
  res.end(req.method === "HEAD" ? undefined : body);
}
