import type { ApiKeyAuth } from "../http/authenticate-api-key";
import type { UserAuth } from "../http/authenticate";
import type { CampaignScope } from "./get-campaign-or-throw";
import type { CampaignCreator } from "./save-campaign";

/**
 * contract §11: an API key works on its own environment's campaigns (and creates them there); a
 * member's JWT or the dashboard sees both environments.
 */
export function campaignScopeOf(auth: ApiKeyAuth | UserAuth): CampaignScope {
  return auth.kind === "apiKey"
    ? { organizationId: auth.organizationId, environment: auth.environment }
    : { organizationId: auth.organizationId };
}

export function campaignCreatorOf(auth: ApiKeyAuth | UserAuth): CampaignCreator {
  return auth.kind === "apiKey"
    ? { organizationId: auth.organizationId, environment: auth.environment, apiKeyId: auth.keyId }
    : { organizationId: auth.organizationId, apiKeyId: null };
}

/** The key that sends a test message: the caller's, or none from a member. */
export function apiKeyIdOf(auth: ApiKeyAuth | UserAuth): string | null {
  return auth.kind === "apiKey" ? auth.keyId : null;
}
