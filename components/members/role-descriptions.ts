import type { Role } from "@/schemas/roles";

// contract.md §3 in words, for the role pickers.
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including managing other owners.",
  admin: "Everything except granting or changing the owner role.",
  developer: "Manages API keys and webhooks, sends sandbox test SMS; reads rate limits, messages and members.",
  support:
    "Read-only: delivery logs, message status, webhooks and rate limits. No API keys, secrets or live message bodies.",
};
