import type { Role } from "@/schemas/roles";

// contract.md §3 in words (with issue 39's support decisions), for the role pickers and the Members page.
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: "Everything, including managing other owners.",
  admin: "Everything except granting or changing the owner role.",
  developer:
    "Manages API keys, webhooks, contacts and campaigns, sends sandbox test SMS; reads rate limits, messages and members.",
  support:
    "Helps your customers: reads delivery logs, message status, webhooks and contacts, and redelivers webhook events (audited). No API keys, secrets, live message bodies, OTP codes or contact export.",
};
