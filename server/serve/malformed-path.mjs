import { randomUUID } from "node:crypto";
import { errorDocUrl } from "../http/error-doc-url.mjs";

// contract §12, Input: a path whose percent-escapes do not decode (`/api/v1/contacts/%FF`) would
// make Next's router throw before any route runs, answering a plain-text 500 with no request id.
// The custom server refuses it first, with the contract's error body. Same request-id rule as
// server/http/request-id.ts (this file runs in plain Node, before the TypeScript app loads).

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** True when every percent-escape of the URL's path decodes to UTF-8 text PostgreSQL can store. */
export function isDecodablePath(url) {
  const path = (url ?? "/").split("?")[0] ?? "/";
  if (!path.includes("%")) return true;
  try {
    return !decodeURIComponent(path).includes("\u0000");
  } catch {
    return false;
  }
}

/** The caller's X-Request-Id when it is a valid one, else a new id. */
export function requestIdOf(req) {
  const incoming = req.headers["x-request-id"];
  return typeof incoming === "string" && VALID_REQUEST_ID.test(incoming)
    ? incoming
    : `req_${randomUUID().replaceAll("-", "")}`;
}

/** Answers 400 `invalid_request` and returns true when the path cannot be decoded. */
export function refuseMalformedPath(req, res) {
  if (isDecodablePath(req.url)) return false;
  const requestId = requestIdOf(req);
  res.writeHead(400, { "content-type": "application/json", "x-request-id": requestId });
  res.end(
    JSON.stringify({
      error: {
        code: "invalid_request",
        message: "The URL path holds a malformed percent-escape or U+0000.",
        requestId,
        docUrl: errorDocUrl("invalid_request"),
        details: [{ path: "path", message: "Percent-escapes must decode to UTF-8 text." }],
      },
    }),
  );
  return true;
}
