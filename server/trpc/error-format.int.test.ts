import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { registerUser } from "../auth/register-user";
import { uniqueEmail } from "../test/http";
import { postTrpc as post } from "../test/trpc";

describe("tRPC error shape", () => {
  it("answers 401 with appCode for a signed-out caller", async () => {
    const { status, body } = await post("organizations.create", { name: "X" }, null);
    expect(status).toBe(401);
    expect(body.error?.json.data).toMatchObject({
      code: "UNAUTHORIZED",
      httpStatus: 401,
      appCode: "unauthenticated",
      docUrl: "/docs/errors#unauthenticated",
      zodError: null,
    });
  });

  it("flattens zod errors per field for forms", async () => {
    const { user } = await registerUser(getDb(), {
      email: uniqueEmail(),
      password: "correct horse battery",
      organizationName: "A",
    });
    const { status, body } = await post(
      "members.invite",
      { email: "nope", role: "emperor" },
      { user: { id: user.id } },
    );
    expect(status).toBe(400);
    const data = body.error?.json.data;
    expect(data?.code).toBe("BAD_REQUEST");
    expect(Object.keys(data?.zodError?.fieldErrors ?? {}).sort()).toEqual(["email", "role"]);
    expect(data?.zodError?.fieldErrors.email).toEqual(["Enter a valid email address."]);
  });

  it("answers 400 invalid_request naming the field for text PostgreSQL cannot store (issue 25)", async () => {
    const { user } = await registerUser(getDb(), {
      email: uniqueEmail(),
      password: "correct horse battery",
      organizationName: "A",
    });
    const { status, body } = await post("organizations.create", { name: "Nul\u0000Org" }, { user: { id: user.id } });
    expect(status).toBe(400);
    expect(body.error?.json.data).toMatchObject({
      code: "BAD_REQUEST",
      appCode: "invalid_request",
      details: [{ path: "name", message: expect.stringContaining("U+0000") }],
    });
  });

  it("keeps AppError messages and details, maps 409 to CONFLICT", async () => {
    const email = uniqueEmail();
    const { user } = await registerUser(getDb(), { email, password: "correct horse battery", organizationName: "A" });
    const dup = await post("members.invite", { email, role: "admin" }, { user: { id: user.id } });
    expect(dup.status).toBe(409);
    expect(dup.body.error?.json.message).toBe("This user is already a member of the organization.");
    expect(dup.body.error?.json.data).toMatchObject({ code: "CONFLICT", appCode: "already_member" });

    const wrong = await post(
      "account.changePassword",
      { currentPassword: "not the password", newPassword: "a new password 1" },
      { user: { id: user.id } },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.json.data.appCode).toBe("invalid_credentials");
    expect(wrong.body.error?.json.data.details).toEqual([{ path: "currentPassword", message: expect.any(String) }]);
  });
});
