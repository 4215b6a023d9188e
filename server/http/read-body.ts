import { AppError } from "../errors";
import { assertStorable } from "./storable-text";

export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonContentType(value: string | null): boolean {
  if (!value) return false;
  const mediaType = value.split(";")[0]?.trim().toLowerCase();
  return (
    mediaType === "application/json" || (mediaType?.startsWith("application/") && mediaType.endsWith("+json")) === true
  );
}

/** The body's bytes, with the size limit checked on the declared length and again while streaming. */
export async function readBoundedBody(req: Request, maxBytes: number, tooLarge?: string): Promise<Buffer | undefined> {
  const declared = req.headers.get("content-length");
  if (declared && Number(declared) > maxBytes) throw new AppError("payload_too_large", tooLarge);
  if (!req.body) return undefined;

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((err: unknown) => {
      // The client went away mid-body ("aborted"): an incomplete request, not a server fault.
      throw new AppError("invalid_request", "The request body was not received completely.", { cause: err });
    });
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new AppError("payload_too_large", tooLarge);
    }
    chunks.push(value);
  }
  return total === 0 ? undefined : Buffer.concat(chunks);
}

/**
 * Read a JSON body with the contract's limits: 413 past 1 MiB (checked on the declared length and
 * again while streaming, so a lying Content-Length cannot get past), 415 without a JSON content
 * type, 400 for malformed JSON. An empty body reads as undefined so routes whose body is optional
 * accept a bare POST.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const bytes = await readBoundedBody(req, MAX_BODY_BYTES);
  if (!bytes) return undefined;
  if (!isJsonContentType(req.headers.get("content-type"))) throw new AppError("unsupported_media_type");

  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new AppError("invalid_request", `The request body is not valid JSON: ${(err as Error).message}`);
  }
}

/**
 * Read an application/x-www-form-urlencoded body (carrier callbacks) as its parameters; 415 for
 * another content type, 413 past `maxBytes`. A repeated name keeps its last value.
 */
export async function readFormBody(req: Request, maxBytes = 64 * 1024): Promise<Record<string, string>> {
  const mediaType = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/x-www-form-urlencoded") throw new AppError("unsupported_media_type");
  const bytes = await readBoundedBody(req, maxBytes);
  const form = Object.fromEntries(new URLSearchParams(bytes ? bytes.toString("utf8") : ""));
  assertStorable(form, "body");
  return form;
}
