// contract §16: every error body's `error.docUrl`, the code's entry in the error reference
// (/docs/errors, app/docs/errors/page.tsx). Plain JavaScript because server/serve.mjs and its
// helpers answer some errors before the TypeScript app loads; the app uses the same function.
// Absolute with PUBLIC_BASE_URL (validated at start-up by server/env.ts), else the path alone,
// which a client resolves against the URL it called (the SDK does).

export const ERROR_REFERENCE_PATH = "/docs/errors";

export function errorDocUrl(code) {
  const base = (process.env.PUBLIC_BASE_URL ?? "").replace(/\/+$/, "");
  return `${base}${ERROR_REFERENCE_PATH}#${code}`;
}
