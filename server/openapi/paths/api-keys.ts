import { z } from "zod";
import {
  apiKeySchema,
  createApiKeyInput,
  createdApiKeySchema,
  regenerateApiKeyInput,
  regeneratedApiKeySchema,
  updateApiKeyInput,
} from "@/schemas/api-keys";
import { operation } from "../operation";
import type { PathModule } from "./types";

const keyIdParams = z.object({
  id: z.string().meta({ description: "The key's id (`key_…`).", example: "key_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

// The same options as app/api/v1/developer/api-keys/**/route.ts passes to apiRoute().
const read = { auth: "jwt", allow: "apiKeys.read", rateLimit: "apiKeys" } as const;
const manage = { auth: "jwt", allow: "apiKeys.manage", rateLimit: "apiKeys" } as const;

export const apiKeysPaths: PathModule = {
  tag: {
    name: "API keys",
    description:
      "Keys for the SMS and OTP endpoints, managed with an access token. A key's secret (`sg_live_…` for " +
      "production, `sg_test_…` for the sandbox) is stored only as a hash and shown once, when it is created " +
      "or regenerated. At most 100 keys per organization.",
  },
  paths: {
    "/api/v1/developer/api-keys": {
      get: operation({
        ...read,
        operationId: "listApiKeys",
        summary: "List API keys",
        description: "Every key of the organization, newest first, in one page. Secrets are never included.",
        success: { status: 200, description: "The organization's keys.", schema: z.array(apiKeySchema) },
      }),
      post: operation({
        ...manage,
        operationId: "createApiKey",
        summary: "Create an API key",
        description:
          "`environment` (default `test`) chooses the secret's prefix. Omitted `permissions` grant all of them. " +
          '`expiresIn` is a number of days such as `"90d"` (1 to 3650); without it the key does not expire. ' +
          "`ipRestrictions` entries are IPv4/IPv6 addresses or CIDR ranges; an invalid entry answers 400 naming it. " +
          "The response is the only time `rawKey` is shown.",
        body: createApiKeyInput,
        bodyExample: { name: "Backend", environment: "test" },
        success: { status: 201, description: "The key, with its secret.", schema: createdApiKeySchema },
        errors: ["limit_reached"],
      }),
    },
    "/api/v1/developer/api-keys/{id}": {
      get: operation({
        ...read,
        operationId: "getApiKey",
        summary: "Get an API key",
        params: keyIdParams,
        success: { status: 200, description: "The key.", schema: apiKeySchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...manage,
        operationId: "updateApiKey",
        summary: "Update an API key",
        description:
          "Changes any of `name`, `description`, `permissions` and `ipRestrictions`; the environment and the " +
          "secret never change here. Takes effect for requests made with the key right away.",
        params: keyIdParams,
        body: updateApiKeyInput,
        bodyExample: { name: "Backend (EU)" },
        success: { status: 200, description: "The updated key.", schema: apiKeySchema },
        errors: ["not_found"],
      }),
      delete: operation({
        ...manage,
        operationId: "deleteApiKey",
        summary: "Delete an API key",
        description: "The key stops working at once and cannot be restored.",
        params: keyIdParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/api-keys/{id}/regenerate": {
      post: operation({
        ...manage,
        operationId: "regenerateApiKey",
        summary: "Replace an API key's secret",
        description:
          "Issues a new secret for the same key (id, name, permissions and restrictions stay). The old secret " +
          "answers 401 from that moment. `id` in the body is optional; when given it must equal the path's id, " +
          "else 400 `invalid_request`.",
        params: keyIdParams,
        body: regenerateApiKeyInput,
        bodyExample: {},
        success: { status: 200, description: "The new secret.", schema: regeneratedApiKeySchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/api-keys/{id}/enable": {
      post: operation({
        ...manage,
        operationId: "enableApiKey",
        summary: "Enable an API key",
        params: keyIdParams,
        success: { status: 200, description: "The key, now active.", schema: apiKeySchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/api-keys/{id}/disable": {
      post: operation({
        ...manage,
        operationId: "disableApiKey",
        summary: "Disable an API key",
        description: "Requests with a disabled key answer 401 `key_disabled` until it is enabled again.",
        params: keyIdParams,
        success: { status: 200, description: "The key, now inactive.", schema: apiKeySchema },
        errors: ["not_found"],
      }),
    },
  },
};
