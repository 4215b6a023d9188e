import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { registerUser } from "@/server/auth/register-user";
import { registerInput, registerResponse } from "@/schemas/auth";

export const POST = apiRoute({ auth: "none", body: registerInput, status: 201 }, async ({ body }) =>
  registerResponse.parse(await registerUser(getDb(), body)),
);
