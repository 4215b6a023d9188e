import type { ApiKeyAuth } from "../http/authenticate-api-key";

/** Who sends: an organization in one environment, through an API key or (null) the dashboard. */
export interface MessageSender {
  organizationId: string;
  environment: "live" | "test";
  apiKeyId: string | null;
}

export function senderOfKey(auth: ApiKeyAuth): MessageSender {
  return { organizationId: auth.organizationId, environment: auth.environment, apiKeyId: auth.keyId };
}
