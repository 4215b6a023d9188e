import { z } from "zod";
import { PERMISSIONS, permissionSchema } from "./permissions";
import { isValidIpOrCidr } from "./ip-ranges";
import { timestampSchema } from "./common";

export const MAX_KEYS_PER_ORGANIZATION = 100;
export const keyEnvironmentSchema = z.enum(["live", "test"]);
export type KeyEnvironment = z.infer<typeof keyEnvironmentSchema>;

const name = z.string().trim().min(1, "Give the key a name.").max(100, "Use at most 100 characters.");
const description = z.string().trim().max(500, "Use at most 500 characters.");
const permissions = z
  .array(permissionSchema)
  .min(1, "Choose at least one permission.")
  .transform((list) => [...new Set(list)]);
const ipRestrictions = z
  .array(
    z
      .string()
      .trim()
      .refine(isValidIpOrCidr, { error: (issue) => `"${String(issue.input)}" is not an IP address or CIDR range.` }),
  )
  .max(50, "At most 50 entries.")
  .transform((list) => [...new Set(list)]);

/**
 * What a new key holds when nobody chose (contract §4: all nine), in the API and as the create
 * dialog's starting selection: one rule in both places (issue 39). Narrow it in the dialog.
 */
export const DEFAULT_KEY_PERMISSIONS: readonly (typeof PERMISSIONS)[number][] = PERMISSIONS;

export const expiresInSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,3}d$/, 'Write a number of days such as "90d".')
  .refine((v) => Number(v.slice(0, -1)) <= 3650, "At most 3650 days.");

export const createApiKeyInput = z
  .strictObject({
    name,
    description: description.optional(),
    environment: keyEnvironmentSchema.default("test"),
    permissions: permissions.optional().transform((p) => p ?? [...DEFAULT_KEY_PERMISSIONS]),
    expiresIn: expiresInSchema.optional(),
    ipRestrictions: ipRestrictions.optional().transform((v) => v ?? []),
  })
  .meta({ id: "CreateApiKeyRequest" });
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

export const updateApiKeyInput = z
  .strictObject({
    name: name.optional(),
    description: description.nullable().optional(),
    permissions: permissions.optional(),
    ipRestrictions: ipRestrictions.optional(),
  })
  .meta({ id: "UpdateApiKeyRequest" });
export type UpdateApiKeyInput = z.input<typeof updateApiKeyInput>;

export const regenerateApiKeyInput = z
  .strictObject({ id: z.string().optional() })
  .meta({ id: "RegenerateApiKeyRequest" });

/** The key object of contract §4. Parsing with it strips everything else (the hash never leaves). */
export const apiKeySchema = z
  .object({
    id: z.string().meta({ example: "key_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    name: z.string(),
    description: z.string().nullable(),
    environment: keyEnvironmentSchema,
    keyPrefix: z
      .string()
      .meta({ description: "The first 12 characters of the secret and `…`.", example: "sg_test_4fGh…" }),
    permissions: z.array(permissionSchema),
    ipRestrictions: z
      .array(z.string())
      .meta({ description: "Addresses or CIDR ranges allowed to use the key; empty allows any." }),
    isActive: z.boolean().meta({ description: "Disabled keys answer 401 `key_disabled`." }),
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema.nullable().meta({ description: "May lag real use by up to 60 seconds." }),
    expiresAt: timestampSchema.nullable().meta({ description: "After this, the key answers 401 `key_expired`." }),
  })
  .meta({ id: "ApiKey" });
export type ApiKeyView = z.infer<typeof apiKeySchema>;

export const createdApiKeySchema = apiKeySchema
  .extend({ rawKey: z.string().meta({ description: "The full secret. Shown only now; store it safely." }) })
  .meta({ id: "CreatedApiKey" });

export const regeneratedApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    rawKey: z.string().meta({ description: "The new secret. Shown only now; the old one no longer works." }),
    keyPrefix: z.string(),
  })
  .meta({ id: "RegeneratedApiKey" });
