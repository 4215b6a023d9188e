import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it } from "vitest";
import { FormError } from "../ui/form-dialog";
import { ErrorState } from "../ui/error-state";

function failed(message: string, data: Record<string, unknown>) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data } } });
}

const conflict = failed("This user is already a member of the organization.", {
  appCode: "already_member",
  docUrl: "/docs/errors#already_member",
  requestId: "req_0VcEconflict",
  zodError: null,
  details: null,
});

describe("the dashboard's error displays (issue 42)", () => {
  it("show the message, the code linked to the error reference, and the request-log link", () => {
    for (const html of [
      renderToString(createElement(FormError, { error: conflict })),
      renderToString(createElement(ErrorState, { error: conflict })),
    ]) {
      expect(html).toContain("This user is already a member of the organization.");
      expect(html).toMatch(/<a[^>]*href="\/docs\/errors#already_member"[^>]*>already_member<\/a>/);
      expect(html).toMatch(/<a[^>]*href="\/dashboard\/logs\?id=req_0VcEconflict"[^>]*>View request log<\/a>/);
    }
  });

  it("leave a refusal about fields to the fields, keeping its code and log link", () => {
    const invalid = failed("Some fields are not valid.", {
      appCode: "invalid_request",
      docUrl: "/docs/errors#invalid_request",
      requestId: "req_0VcEinvalid",
      zodError: { formErrors: [], fieldErrors: { email: ["Enter a valid email address."] } },
      details: null,
    });
    const html = renderToString(createElement(FormError, { error: invalid }));
    expect(html).not.toContain("Some fields are not valid.");
    expect(html).toContain("invalid_request");
    expect(html).toContain("/dashboard/logs?id=req_0VcEinvalid");
  });

  it("show a form's own message without links", () => {
    const html = renderToString(createElement(FormError, { message: "Choose a file." }));
    expect(html).toContain("Choose a file.");
    expect(html).not.toContain("View request log");
  });
});
