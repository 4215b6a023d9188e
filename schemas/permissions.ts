import { z } from "zod";

/** messaging-api.md §2.1: the nine permission values an API key can hold. */
export const PERMISSIONS = [
  "sms.send",
  "sms.read",
  "otp.send",
  "otp.verify",
  "contacts.read",
  "contacts.write",
  "campaigns.manage",
  "analytics.read",
  "webhooks.manage",
] as const;

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

export const PERMISSION_GROUPS: { area: string; permissions: { value: Permission; label: string }[] }[] = [
  {
    area: "Messaging",
    permissions: [
      { value: "sms.send", label: "Send single and bulk SMS" },
      { value: "sms.read", label: "Read message history and delivery status" },
    ],
  },
  {
    area: "Verification (OTP)",
    permissions: [
      { value: "otp.send", label: "Generate and send OTP codes" },
      { value: "otp.verify", label: "Verify OTP codes" },
    ],
  },
  {
    area: "Contacts",
    permissions: [
      { value: "contacts.read", label: "Read contact lists" },
      { value: "contacts.write", label: "Create and manage contacts" },
    ],
  },
  {
    area: "Campaigns and analytics",
    permissions: [
      { value: "campaigns.manage", label: "Create and manage campaigns" },
      { value: "analytics.read", label: "Access analytics data" },
    ],
  },
  { area: "Webhooks", permissions: [{ value: "webhooks.manage", label: "Manage webhook endpoints" }] },
];
