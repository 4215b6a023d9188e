import { AppError } from "../errors";
import type { Permission } from "@/schemas/permissions";

export interface ApiKeyAuth {
  kind: "apiKey";
  keyId: string;
  organizationId: string;
  environment: "live" | "test";
  permissions: Permission[];
}

// Filled in by the API-keys issue.
export async function authenticateApiKey(_req: Request): Promise<ApiKeyAuth> {
  throw new AppError("unauthenticated");
}
