import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppError, ERROR_STATUS } from "./errors";
import { errorReference } from "./error-reference";
import ErrorReferencePage from "@/app/docs/errors/page";
import { errorDocUrl } from "./http/error-doc-url.mjs";
import { errorResponse } from "./http/error-response";

describe("the error reference", () => {
  it("has every code of the code→status table, with its status, meaning and what to do", () => {
    const entries = errorReference();
    expect(entries.map((e) => e.code).sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    for (const e of entries) {
      expect(e.status).toBe(ERROR_STATUS[e.code]);
      expect(e.meaning.length, e.code).toBeGreaterThan(20);
      expect(e.action.length, e.code).toBeGreaterThan(10);
    }
  });

  it("is served with one anchor per code", () => {
    const html = renderToStaticMarkup(ErrorReferencePage());
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(html).toContain(`id="${code}"`);
      expect(html).toContain(`href="#${code}"`);
    }
  });

  it("is linked from every error body: a path, or absolute with PUBLIC_BASE_URL", async () => {
    const res = errorResponse(new AppError("not_found"), "req_1");
    expect(((await res.json()) as { error: { docUrl: string } }).error.docUrl).toBe("/docs/errors#not_found");
    const before = process.env.PUBLIC_BASE_URL;
    process.env.PUBLIC_BASE_URL = "https://sms.example.com/";
    try {
      expect(errorDocUrl("rate_limited")).toBe("https://sms.example.com/docs/errors#rate_limited");
    } finally {
      if (before === undefined) delete process.env.PUBLIC_BASE_URL;
      else process.env.PUBLIC_BASE_URL = before;
    }
  });
});
